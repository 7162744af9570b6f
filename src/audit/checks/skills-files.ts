// An Agent Skills index in the discovery RFC's v0.2.0 shape (`version` "0.2.0"): each skill names its
// files with a per-file `sha256:` digest, served at <index folder>/<name>/<path>, and a skill-level
// `digest` over them (the sorted manifest of `path\0hex\n` lines). Files are fetched and verified up
// to the audit's budget of followed artifacts; every skill-level digest is verified from the index.
import { createHash } from 'node:crypto';
import type { AuditContext, Fetched } from '../context.ts';
import { auditLimits } from '../fetch/limits.ts';
import type { CheckResult } from '../report.ts';
import { evidence, fail, isObject, ok, pass } from '../verdict.ts';
import { skillsWords } from '../words/skills.ts';

const digestPattern = /^sha256:([0-9a-f]{64})$/;
/** Agent Skills names: lower-case letters, digits and single hyphens, so a safe path segment. */
export const skillName = /^(?!-)(?!.*--)[a-z0-9-]{1,64}(?<!-)$/;
/** A file path the RFC allows: relative, `/`-separated, no `..`, printable ASCII without `\ ? # [ ]`. */
const safePath = (path: string): boolean =>
  /^[\x20-\x7e]+$/.test(path) && !/[\\?#[\]]/.test(path) && !path.startsWith('/') && !path.split('/').includes('..');

interface SkillFile {
  path: string;
  hex: string;
}

/** The skill's files as the index lists them, or undefined when the entry is not well formed. */
function filesOf(skill: Record<string, unknown>): SkillFile[] | undefined {
  if (!Array.isArray(skill.files) || skill.files.length === 0) return undefined;
  const files: SkillFile[] = [];
  for (const file of skill.files) {
    const hex = isObject(file) && typeof file.digest === 'string' ? digestPattern.exec(file.digest)?.[1] : undefined;
    if (!isObject(file) || typeof file.path !== 'string' || !safePath(file.path) || !hex) return undefined;
    files.push({ path: file.path, hex });
  }
  return files.some((file) => file.path === 'SKILL.md') ? files : undefined;
}

/** The RFC's skill-level digest: SHA-256 of the files' `path\0hex\n` lines sorted by path (byte order). */
export function skillDigest(files: readonly SkillFile[]): string {
  const lines = [...files]
    .sort((a, b) => Buffer.compare(Buffer.from(a.path), Buffer.from(b.path)))
    .map((file) => `${file.path}\0${file.hex}\n`)
    .join('');
  return createHash('sha256').update(lines).digest('hex');
}

export async function filesIndex(
  ctx: AuditContext,
  fetched: Fetched,
  skills: Record<string, unknown>[],
): Promise<CheckResult> {
  const say = skillsWords(ctx.language);
  const fix = say('listFiles');
  let budget = auditLimits.maxFollowedLinks;
  let verified = 0;
  for (const skill of skills) {
    const name = String(skill.name);
    const files = filesOf(skill);
    const digest = typeof skill.digest === 'string' ? digestPattern.exec(skill.digest)?.[1] : undefined;
    if (typeof skill.name !== 'string' || !skillName.test(skill.name) || !files || !digest)
      return fail('agent-skills', say('filesIncomplete', { name }), evidence(fetched, JSON.stringify(skill)), fix);
    const manifest = skillDigest(files);
    if (manifest !== digest)
      return fail(
        'agent-skills',
        say('skillDigestMismatch', { name }),
        evidence(fetched, `index sha256:${digest}, files sha256:${manifest}`),
        say('recompute'),
      );
    for (const file of files.slice(0, Math.max(budget, 0))) {
      budget -= 1;
      const artifact = await ctx.get(new URL(`${skill.name}/${file.path}`, fetched.url).href);
      if (!ok(artifact))
        return fail(
          'agent-skills',
          say('fileNotServed', { name, path: file.path, status: artifact.status }),
          evidence(artifact),
          fix,
        );
      const actual = createHash('sha256').update(artifact.bytes).digest('hex');
      if (actual !== file.hex)
        return fail(
          'agent-skills',
          say('fileDigestMismatch', { name, path: file.path }),
          evidence(artifact, `index sha256:${file.hex}, served sha256:${actual}`),
          say('recompute'),
        );
      verified += 1;
    }
  }
  return pass(
    'agent-skills',
    say('filesPassed', { skills: skills.length, files: verified }),
    evidence(fetched, 'version 0.2.0'),
  );
}
