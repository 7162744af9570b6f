// The Agent Skills discovery index in the shapes that circulate: `$schema` discovery 0.2.0 lists each
// artifact's url and `sha256:` digest; entries with a bare `sha256` beside their url (a bare list
// too); the discovery RFC's `version` 0.2.0 lists each skill's files with digests (skills-files.ts);
// v0.1.0 (no `$schema` or `version`) lists each skill's file names, read at <index folder>/<name>/<file>.
// Every digest must match the bytes served.
import { createHash } from 'node:crypto';
import type { AuditContext, Fetched } from '../context.ts';
import { auditLimits } from '../fetch/limits.ts';
import type { CheckResult } from '../report.ts';
import { evidence, fail, isObject, json, ok, pass } from '../verdict.ts';
import { skillsWords } from '../words/skills.ts';
import { filesIndex, skillName } from './skills-files.ts';

const indexPaths = ['/.well-known/agent-skills/index.json', '/.well-known/skills/index.json'];
const schemaOf = (version: string): string => `https://schemas.agentskills.io/discovery/${version}/schema.json`;
/** The published discovery versions; an index without `$schema` is v0.1.0. */
const versions = { [schemaOf('0.1.0')]: '0.1.0', [schemaOf('0.2.0')]: '0.2.0' } as Record<string, '0.1.0' | '0.2.0'>;
/** The longest unknown `$schema` quoted in a finding. */
const quotedSchemaLength = 80;

/** The shapes an index comes in, each read by its own rules. */
type Shape = 'url' | 'sha256' | 'files' | 'legacy';

export async function agentSkills(ctx: AuditContext): Promise<CheckResult> {
  let index: Fetched | undefined;
  for (const path of indexPaths) {
    index = await ctx.get(path, 'application/json');
    if (ok(index)) break;
  }
  const fetched = index!;
  const say = skillsWords(ctx.language);
  const fix = say('publish');
  if (!ok(fetched)) return fail('agent-skills', say('noIndex', { status: fetched.status }), evidence(fetched), fix);
  const doc = json(fetched);
  // The sha256 shape may be a bare list of entries.
  if (!isObject(doc) && !Array.isArray(doc))
    return fail('agent-skills', say('notObject'), evidence(fetched, fetched.text), fix);
  const shape = shapeOf(doc);
  if ('unknown' in shape) {
    const named = shape.unknown.slice(0, quotedSchemaLength);
    return fail('agent-skills', say(shape.key, { schema: named }), evidence(fetched, named), fix);
  }
  const entries = Array.isArray(doc) ? doc : doc.skills;
  const skills = Array.isArray(entries) ? entries.filter(isObject) : [];
  if (skills.length === 0) return fail('agent-skills', say('noSkills'), evidence(fetched), fix);
  if (shape.shape === 'legacy') return legacyIndex(ctx, fetched, skills);
  if (shape.shape === 'files') return filesIndex(ctx, fetched, skills);
  return urlIndex(ctx, fetched, skills, shape.shape);
}

/**
 * Which shape an index is: `$schema` discovery 0.2.0 (each skill's `url` and `sha256:` `digest`),
 * the RFC's `version` 0.2.x (each skill's `files` and `digest`), entries carrying a bare `sha256`
 * beside their `url` (as isitagentready reads them), else 0.1.0 (each skill's file names).
 */
function shapeOf(
  doc: Record<string, unknown> | unknown[],
): { shape: Shape } | { unknown: string; key: 'unknownSchema' | 'unknownVersion' } {
  if (Array.isArray(doc)) return { shape: 'sha256' };
  if (doc.$schema !== undefined) {
    const version = versions[String(doc.$schema)];
    if (!version)
      return {
        unknown: typeof doc.$schema === 'string' ? doc.$schema : JSON.stringify(doc.$schema),
        key: 'unknownSchema',
      };
    return { shape: version === '0.2.0' ? 'url' : 'legacy' };
  }
  if (doc.version !== undefined) {
    if (doc.version === '0.1.0') return { shape: 'legacy' };
    if (typeof doc.version === 'string' && /^0\.2\.\d+$/.test(doc.version)) return { shape: 'files' };
    return { unknown: String(doc.version), key: 'unknownVersion' };
  }
  const skills = Array.isArray(doc.skills) ? doc.skills.filter(isObject) : [];
  return { shape: skills.some((skill) => skill.sha256 !== undefined) ? 'sha256' : 'legacy' };
}

/** Each skill's artifact at its `url`, its bytes matching the index's digest (`digest: "sha256:…"` or `sha256: "…"`). */
async function urlIndex(
  ctx: AuditContext,
  fetched: Fetched,
  skills: Record<string, unknown>[],
  shape: 'url' | 'sha256',
): Promise<CheckResult> {
  const say = skillsWords(ctx.language);
  const fix = say('publish');
  for (const skill of skills.slice(0, auditLimits.maxFollowedLinks)) {
    const declared = shape === 'url' ? skill.digest : skill.sha256;
    const pattern = shape === 'url' ? /^sha256:([0-9a-f]{64})$/ : /^(?:sha256:)?([0-9a-f]{64})$/i;
    const digest = typeof declared === 'string' ? pattern.exec(declared)?.[1]?.toLowerCase() : undefined;
    if (typeof skill.url !== 'string' || !URL.canParse(skill.url, fetched.url) || !digest) {
      return fail(
        'agent-skills',
        say(shape === 'url' ? 'incomplete' : 'sha256Incomplete', { name: String(skill.name) }),
        evidence(fetched, JSON.stringify(skill)),
        fix,
      );
    }
    const artifact = await ctx.get(new URL(skill.url, fetched.url));
    if (!ok(artifact))
      return fail(
        'agent-skills',
        say('notServed', { name: String(skill.name), status: artifact.status }),
        evidence(artifact),
        fix,
      );
    const actual = createHash('sha256').update(artifact.bytes).digest('hex');
    if (actual !== digest) {
      return fail(
        'agent-skills',
        say('digestMismatch', { name: String(skill.name) }),
        evidence(artifact, `index sha256:${digest}, served sha256:${actual}`),
        say('recompute'),
      );
    }
  }
  return pass(
    'agent-skills',
    say('passed', { skills: skills.length }),
    evidence(fetched, shape === 'url' ? schemaOf('0.2.0') : 'sha256'),
  );
}

/** A v0.1.0 index: each skill names its files, SKILL.md among them, served beside the index under the skill's name. */
async function legacyIndex(
  ctx: AuditContext,
  fetched: Fetched,
  skills: Record<string, unknown>[],
): Promise<CheckResult> {
  const say = skillsWords(ctx.language);
  const fix = say('listLegacy');
  for (const skill of skills.slice(0, auditLimits.maxFollowedLinks)) {
    const files = Array.isArray(skill.files) ? skill.files : [];
    if (typeof skill.name !== 'string' || !skillName.test(skill.name) || !files.includes('SKILL.md'))
      return fail(
        'agent-skills',
        say('legacyIncomplete', { name: String(skill.name) }),
        evidence(fetched, JSON.stringify(skill)),
        fix,
      );
    const artifact = await ctx.get(new URL(`${skill.name}/SKILL.md`, fetched.url).href);
    if (!ok(artifact))
      return fail(
        'agent-skills',
        say('legacyNotServed', { name: skill.name, status: artifact.status }),
        evidence(artifact),
        fix,
      );
  }
  return pass('agent-skills', say('legacyPassed', { skills: skills.length }), evidence(fetched, 'discovery 0.1.0'));
}
