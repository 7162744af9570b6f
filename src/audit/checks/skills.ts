// The Agent Skills discovery index: v0.2.0 (its `$schema` names it) lists each artifact's url and
// `sha256:` digest, which must match the bytes served; v0.1.0 (no `$schema`, or its own) lists each
// skill's files, read at <index folder>/<skill name>/<file>, a SKILL.md among them.
import { createHash } from 'node:crypto';
import type { AuditContext, Fetched } from '../context.ts';
import { auditLimits } from '../fetch/limits.ts';
import type { CheckResult } from '../report.ts';
import { evidence, fail, isObject, json, ok, pass } from '../verdict.ts';
import { skillsWords } from '../words/skills.ts';

const indexPaths = ['/.well-known/agent-skills/index.json', '/.well-known/skills/index.json'];
const schemaOf = (version: string): string => `https://schemas.agentskills.io/discovery/${version}/schema.json`;
/** The published discovery versions; an index without `$schema` is v0.1.0. */
const versions = { [schemaOf('0.1.0')]: '0.1.0', [schemaOf('0.2.0')]: '0.2.0' } as Record<string, '0.1.0' | '0.2.0'>;
/** The longest unknown `$schema` quoted in a finding. */
const quotedSchemaLength = 80;

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
  if (!isObject(doc)) return fail('agent-skills', say('notObject'), evidence(fetched, fetched.text), fix);
  const version = doc.$schema === undefined ? '0.1.0' : versions[String(doc.$schema)];
  if (!version) {
    const named =
      typeof doc.$schema === 'string' ? doc.$schema.slice(0, quotedSchemaLength) : JSON.stringify(doc.$schema);
    return fail('agent-skills', say('unknownSchema', { schema: named }), evidence(fetched, named), fix);
  }
  const skills = Array.isArray(doc.skills) ? doc.skills.filter(isObject) : [];
  if (skills.length === 0) return fail('agent-skills', say('noSkills'), evidence(fetched), fix);
  if (version === '0.1.0') return legacyIndex(ctx, fetched, skills);
  for (const skill of skills.slice(0, auditLimits.maxFollowedLinks)) {
    const digest = typeof skill.digest === 'string' ? /^sha256:([0-9a-f]{64})$/.exec(skill.digest)?.[1] : undefined;
    if (typeof skill.url !== 'string' || !URL.canParse(skill.url, fetched.url) || !digest) {
      return fail(
        'agent-skills',
        say('incomplete', { name: String(skill.name) }),
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
  return pass('agent-skills', say('passed', { skills: skills.length }), evidence(fetched, String(doc.$schema)));
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
    // Agent Skills names are lower-case letters, digits and hyphens, so the name is a safe path segment.
    if (typeof skill.name !== 'string' || !/^[a-z0-9-]{1,64}$/.test(skill.name) || !files.includes('SKILL.md'))
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
