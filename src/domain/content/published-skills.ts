// The agent skills the site publishes, as served: each SKILL.md of content/skills with its
// placeholders filled in, its exact bytes, their SHA-256 digest and size, and its front matter as
// parsed from those bytes. Every surface that offers the skills (the agent-skills index and its
// SKILL.md files over HTTP, the MCP skills extension, the AI catalog) reads these facts from here,
// so a digest can never describe other bytes than the ones served.
import { createHash } from 'node:crypto';
import type { Config } from '../../config/config.ts';
import type { ContentCatalog } from './catalog.ts';
import { splitFrontMatter } from './front-matter.ts';

export interface PublishedSkill {
  name: string;
  description: string;
  /** The served SKILL.md bytes. */
  text: Buffer;
  /** `sha256:` + lowercase hex of exactly `text`. */
  digest: string;
  /** Length of `text` in bytes. */
  size: number;
  /** The SKILL.md front matter as parsed from `text` (placeholders filled in), every field kept. */
  frontmatter: Record<string, unknown>;
}

export function publishSkills(config: Pick<Config, 'baseUrl' | 'mcpUrl'>, content: ContentCatalog): PublishedSkill[] {
  const values: Record<string, string> = {
    baseUrl: config.baseUrl,
    mcpUrl: config.mcpUrl,
    brandName: content.site.brandName,
    toolPrefix: content.site.toolPrefix,
  };
  const fill = (text: string): string => text.replace(/\{\{(\w+)\}\}/g, (whole, key: string) => values[key] ?? whole);
  return content.skills.map((skill) => {
    const text = Buffer.from(fill(skill.template), 'utf8');
    return {
      name: skill.name,
      description: fill(skill.description),
      text,
      digest: `sha256:${createHash('sha256').update(text).digest('hex')}`,
      size: text.length,
      frontmatter: splitFrontMatter(text.toString('utf8')).data as Record<string, unknown>,
    };
  });
}
