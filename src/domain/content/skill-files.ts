// The files of the content folder that are not pages: each agent skill's SKILL.md (published at
// /.well-known/agent-skills/) and the agency's own logo.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { ContentError, type ContentIssues } from './content-error.ts';
import { lineOfField } from './field-lines.ts';
import { readAll, splitFile } from './content-files.ts';
import { skillFrontMatterSchema } from './schema.ts';
import type { SkillFile } from './types.ts';

/** Every skills/<name>/SKILL.md; the folder itself is required (agents are told where skills are). */
export async function loadSkills(root: string, issues: ContentIssues): Promise<SkillFile[]> {
  const entries = await readdir(path.join(root, 'skills'), { withFileTypes: true }).catch(() => undefined);
  if (!entries) {
    issues.add(
      new ContentError(
        'skills/',
        undefined,
        'folder is missing: it holds the SKILL.md files agents read (see docs/content.md)',
      ),
    );
    return [];
  }
  const names = entries
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  return names.flatMap((name) => issues.attempt(() => loadSkill(root, name, issues)) ?? []);
}

function loadSkill(root: string, name: string, issues: ContentIssues): SkillFile[] {
  const file = `skills/${name}/SKILL.md`;
  const [template] = readAll(root, [file]) as [string];
  const source = { text: template, yamlStartLine: 2 };
  const fm = issues.validate(skillFrontMatterSchema, splitFile(file, template).data, file, source);
  if (!fm) return [];
  if (fm.name !== name)
    throw new ContentError(file, 'name', `must equal the folder name "${name}"`, lineOfField(template, ['name'], 2));
  const queries =
    fm.metadata?.['representative-queries']
      ?.split('\n')
      .map((line) => line.trim())
      .filter(Boolean) ?? [];
  if (queries.length > 0 && (queries.length < 2 || queries.length > 5)) {
    throw new ContentError(
      file,
      'metadata.representative-queries',
      'must hold 2 to 5 queries, one per line',
      lineOfField(template, ['metadata', 'representative-queries'], 2),
    );
  }
  return [{ name, description: fm.description, template, representativeQueries: queries }];
}

/** The SVG file site.yaml names as the logo, checked to be one SVG drawing with a viewBox. */
export function loadLogo(root: string, file: string): string {
  const [svg] = readAll(root, [file]) as [string];
  if (!/^\s*(?:<\?xml[^>]*>\s*)?<svg\b[^>]*\bviewBox="[^"]+"[^>]*>[\s\S]*<\/svg>\s*$/.test(svg)) {
    throw new ContentError(file, undefined, 'must be an SVG drawing: one <svg …> element with a viewBox attribute');
  }
  if (/<script\b|\son\w+\s*=/i.test(svg))
    throw new ContentError(file, undefined, 'must not hold scripts or event handlers');
  return svg.trim().replace(/^<\?xml[^>]*>\s*/, '');
}
