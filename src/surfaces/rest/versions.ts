// The API versions served under /agent/vN, and which one the unversioned /agent alias mirrors.
// A v2 is a new module added to this list; v1's code does not change.
import type { ApiVersion, Mount } from './operation.ts';
import { v1 } from './v1/index.ts';

export const apiVersions: readonly ApiVersion[] = [v1];

/** The version the unversioned alias serves (always the newest major). */
export const currentVersion: ApiVersion = v1;

export const agentPrefix = '/agent';
const pinnedPrefix = `${agentPrefix}/v`;

export function pinnedPath(version: ApiVersion): string {
  return `${agentPrefix}/v${version.version}`;
}

/** Every place the operations are mounted: the alias first, then each pinned version. */
export function mounts(): Mount[] {
  return [
    { basePath: agentPrefix, version: currentVersion },
    ...apiVersions.map((version) => ({ basePath: pinnedPath(version), version })),
  ];
}

/** The version that answers a request path (unknown /agent/vN paths are answered by the alias). */
export function versionOfPath(path: string): ApiVersion {
  // Most requests use the alias: no pattern to run for them (every /agent response asks).
  if (!path.startsWith(pinnedPrefix)) return currentVersion;
  const match = /^\/agent\/v(\d+)(?:\/|$)/.exec(path);
  return apiVersions.find((version) => version.version === match?.[1]) ?? currentVersion;
}
