// Agent Skills Discovery v0.2.0: the index of the published SKILL.md files, whose digests are the
// SHA-256 of exactly the bytes each `url` serves (both from src/domain/content/published-skills.ts).
import type { Config } from '../../config/config.ts';
import type { PublishedSkill } from '../../domain/content/published-skills.ts';

export { publishSkills, type PublishedSkill } from '../../domain/content/published-skills.ts';

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
      digest: skill.digest,
    })),
  };
}
