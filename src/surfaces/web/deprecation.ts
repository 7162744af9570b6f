// The v1 deprecation notice shown on /llms.txt and /developers once API_V1_SUNSET is set.
import type { Config } from '../../config/config.ts';

/** Markdown notice, or undefined while v1 is not deprecated. */
export function deprecationNotice(config: Pick<Config, 'apiV1Sunset' | 'baseUrl'>): string | undefined {
  if (!config.apiV1Sunset) return undefined;
  const date = config.apiV1Sunset.toISOString().slice(0, 10);
  return (
    `**Deprecation notice:** version 1 of the REST API (\`/agent/v1/…\` and the unversioned \`/agent/…\` alias) ` +
    `is deprecated and will be retired on **${date}** (${config.apiV1Sunset.toUTCString()}). Its responses carry ` +
    `\`Deprecation\` and \`Sunset\` headers. See ${config.baseUrl}/developers#versioning for the migration path.`
  );
}
