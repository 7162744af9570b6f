// The MCP Skills extension (io.modelcontextprotocol/skills): the site's published agent skills as
// `skill://<name>/SKILL.md` resources, listed by skills/list and described by skills/get, on the
// SDK's own implementation of the extension (it registers the methods and the resource template and
// declares the capability, in initialize for 2025 clients and server/discover for 2026-07-28 ones).
// Names, bytes, digests and sizes come from src/domain/content/published-skills.ts, the same facts
// the agent-skills index over HTTP publishes.
import { SkillsExtension, type Skill, type SkillSource } from '@modelcontextprotocol/server/ext/skills';
import { perContent } from '../../domain/content/live-content.ts';
import { publishSkills } from '../../domain/content/published-skills.ts';
import type { McpDeps } from './deps.ts';

/** How long a client may treat a listing or a file as current. */
const skillsTtlMs = 3_600_000;

export function skillUri(name: string): string {
  return `skill://${name}/SKILL.md`;
}

export function siteSkills(deps: Pick<McpDeps, 'config' | 'content' | 'logger'>): SkillsExtension {
  // Published again when the content folder is loaded again (its skills/ folder changed).
  const current = perContent(deps.content, () => {
    const published = publishSkills(deps.config, deps.content).map((skill) => {
      const uri = skillUri(skill.name);
      const entry: Skill = {
        uri,
        frontmatter: skill.frontmatter as Skill['frontmatter'],
        // Each skill is its one SKILL.md: the list is complete, as the extension requires.
        resources: [{ uri, digest: skill.digest, size: skill.size }],
      };
      return { skill, entry, text: skill.text.toString('utf8') };
    });
    return { published, byUri: new Map(published.map((one) => [one.entry.uri, one])) };
  });
  const source: SkillSource = {
    list: async () => ({ skills: current().published.map((one) => one.entry) }),
    get: async (uri) => current().byUri.get(uri)?.entry,
    read: async (uri) => {
      const found = current().byUri.get(uri);
      return found && { text: found.text, mimeType: 'text/markdown' };
    },
    // Listed in resources/list too, so a client without the extension still finds them.
    listResources: async () =>
      current().published.map(({ skill, entry }) => ({
        uri: entry.uri,
        name: skill.name,
        description: skill.description,
        mimeType: 'text/markdown',
        size: skill.size,
      })),
  };
  return new SkillsExtension({
    source,
    cacheHint: { ttlMs: skillsTtlMs, cacheScope: 'public' },
    onWarning: (warning) => deps.logger.warn({ skill: warning.path }, `mcp skills: ${warning.message}`),
  });
}
