// Agent Skills Discovery v0.2.0: the SKILL.md files of content/skills with placeholders filled in,
// and the index whose sha256 digests are computed over exactly the bytes served.
import { createHash } from 'node:crypto';
import type { Config } from '../../config.ts';
import type { ContentCatalog } from '../../domain/content/catalog.ts';

export interface PublishedSkill {
  name: string;
  description: string;
  /** The served SKILL.md bytes. */
  text: Buffer;
}

export interface SkillsIndex {
  $schema: string;
  version: '0.2.0';
  skills: {
    name: string;
    type: 'skill-md';
    description: string;
    url: string;
    digest: string;
    files: { path: string; digest: string }[];
  }[];
}

export function publishSkills(config: Config, content: ContentCatalog): PublishedSkill[] {
  const values: Record<string, string> = {
    baseUrl: config.baseUrl, mcpUrl: config.mcpUrl, brandName: content.site.brandName, toolPrefix: content.site.toolPrefix,
  };
  const fill = (text: string): string => text.replace(/\{\{(\w+)\}\}/g, (whole, key: string) => values[key] ?? whole);
  return content.skills.map((skill) => ({ name: skill.name, description: fill(skill.description), text: Buffer.from(fill(skill.template), 'utf8') }));
}

export function sha256Hex(bytes: Buffer | string): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** Skill-level digest of the v0.2.0 draft: sha256 over sorted "path\0hex\n" lines. */
export function skillDigest(files: { path: string; hex: string }[]): string {
  const manifest = [...files].sort((a, b) => (a.path < b.path ? -1 : 1)).map((file) => `${file.path}\0${file.hex}\n`).join('');
  return `sha256:${sha256Hex(Buffer.from(manifest, 'utf8'))}`;
}

export function skillsIndex(config: Config, skills: PublishedSkill[]): SkillsIndex {
  return {
    $schema: 'https://schemas.agentskills.io/discovery/0.2.0/schema.json',
    version: '0.2.0',
    skills: skills.map((skill) => {
      const hex = sha256Hex(skill.text);
      return {
        name: skill.name,
        type: 'skill-md',
        description: skill.description,
        url: `${config.baseUrl}/.well-known/agent-skills/${skill.name}/SKILL.md`,
        digest: skillDigest([{ path: 'SKILL.md', hex }]),
        files: [{ path: 'SKILL.md', digest: `sha256:${hex}` }],
      };
    }),
  };
}
