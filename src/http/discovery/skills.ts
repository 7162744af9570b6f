// Agent Skills Discovery v0.2.0: the SKILL.md files of content/skills with placeholders filled in,
// and the index whose digests are the SHA-256 of exactly the bytes each `url` serves.
import { createHash } from 'node:crypto';
import type { Config } from '../../config.ts';
import type { ContentCatalog } from '../../domain/content/catalog.ts';

export interface PublishedSkill {
  name: string;
  description: string;
  /** The served SKILL.md bytes. */
  text: Buffer;
}

/** The discovery index, v0.2.0: `$schema` names the version (v0.1's `version` and `files` are gone). */
export interface SkillsIndex {
  $schema: typeof skillsSchemaUri;
  skills: {
    name: string;
    type: 'skill-md';
    description: string;
    url: string;
    /** `sha256:` + hex of exactly the bytes served at `url`. */
    digest: string;
  }[];
}

export const skillsSchemaUri = 'https://schemas.agentskills.io/discovery/0.2.0/schema.json';

export function publishSkills(config: Config, content: ContentCatalog): PublishedSkill[] {
  const values: Record<string, string> = {
    baseUrl: config.baseUrl, mcpUrl: config.mcpUrl, brandName: content.site.brandName, toolPrefix: content.site.toolPrefix,
  };
  const fill = (text: string): string => text.replace(/\{\{(\w+)\}\}/g, (whole, key: string) => values[key] ?? whole);
  return content.skills.map((skill) => ({ name: skill.name, description: fill(skill.description), text: Buffer.from(fill(skill.template), 'utf8') }));
}

export function skillUrl(config: Config, name: string): string {
  return `${config.baseUrl}/.well-known/agent-skills/${name}/SKILL.md`;
}

export function skillsIndex(config: Config, skills: PublishedSkill[]): SkillsIndex {
  return {
    $schema: skillsSchemaUri,
    skills: skills.map((skill) => ({
      name: skill.name,
      type: 'skill-md',
      description: skill.description,
      url: skillUrl(config, skill.name),
      digest: `sha256:${createHash('sha256').update(skill.text).digest('hex')}`,
    })),
  };
}
