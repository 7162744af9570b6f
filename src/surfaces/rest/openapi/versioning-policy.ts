// The root `x-versioning-policy` object: the versioning rules as data, derived from the list of
// served versions so a new version updates every contract without hand edits.
import type { ApiVersion } from '../operation.ts';

export function versioningPolicy(versions: readonly ApiVersion[], current: ApiVersion): Record<string, unknown> {
  return {
    scheme: 'url-path-major-version',
    current_version: current.version,
    recommended_integration_path: '/agent',
    pinned_version_paths: Object.fromEntries(
      versions.map((version) => [version.version, `/agent/v${version.version}`]),
    ),
    version_response_header: 'API-Version',
    deprecation_process:
      'A breaking change ships as a new major path (/agent/v2/...) alongside the old one, which does not change. ' +
      'A version is retired with at least 90 days notice: its operations are marked deprecated, its responses carry ' +
      'Deprecation (RFC 9745) and Sunset (RFC 8594) headers and Link rels to the developers page, and the notice ' +
      'appears in this contract, in /llms.txt and on /developers.',
  };
}
