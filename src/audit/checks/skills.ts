// The Agent Skills discovery index: its `$schema` names a published version, and every artifact's
// `sha256:` digest matches the bytes its URL serves.
import { createHash } from 'node:crypto';
import type { AuditContext, Fetched } from '../context.ts';
import { auditLimits } from '../fetch/limits.ts';
import type { CheckResult } from '../report.ts';
import { counted, evidence, fail, isObject, json, ok, pass } from '../verdict.ts';

const indexPaths = ['/.well-known/agent-skills/index.json', '/.well-known/skills/index.json'];
const schemaUri = /^https:\/\/schemas\.agentskills\.io\/discovery\/\d+\.\d+\.\d+\/schema\.json$/;

export async function agentSkills(ctx: AuditContext): Promise<CheckResult> {
  let index: Fetched | undefined;
  for (const path of indexPaths) {
    index = await ctx.get(path, 'application/json');
    if (ok(index)) break;
  }
  const fetched = index!;
  const fix =
    'Publish /.well-known/agent-skills/index.json with "$schema" (https://schemas.agentskills.io/discovery/0.2.0/schema.json) and, per skill, a url and the sha256 digest of exactly the bytes it serves.';
  if (!ok(fetched)) return fail('agent-skills', `no skills index (${fetched.status})`, evidence(fetched), fix);
  const doc = json(fetched);
  if (!isObject(doc))
    return fail('agent-skills', 'the skills index is not a JSON object', evidence(fetched, fetched.text), fix);
  if (typeof doc.$schema !== 'string' || !schemaUri.test(doc.$schema))
    return fail(
      'agent-skills',
      'the skills index has no discovery $schema',
      evidence(fetched, String(doc.$schema ?? 'none')),
      fix,
    );
  const skills = Array.isArray(doc.skills) ? doc.skills.filter(isObject) : [];
  if (skills.length === 0) return fail('agent-skills', 'the skills index lists no skills', evidence(fetched), fix);
  for (const skill of skills.slice(0, auditLimits.maxFollowedLinks)) {
    const digest = typeof skill.digest === 'string' ? /^sha256:([0-9a-f]{64})$/.exec(skill.digest)?.[1] : undefined;
    if (typeof skill.url !== 'string' || !URL.canParse(skill.url, fetched.url) || !digest) {
      return fail(
        'agent-skills',
        `skill ${String(skill.name)} lacks a url or a sha256 digest`,
        evidence(fetched, JSON.stringify(skill)),
        fix,
      );
    }
    const artifact = await ctx.get(new URL(skill.url, fetched.url));
    if (!ok(artifact))
      return fail('agent-skills', `skill ${String(skill.name)} answers ${artifact.status}`, evidence(artifact), fix);
    const actual = createHash('sha256').update(artifact.bytes).digest('hex');
    if (actual !== digest) {
      return fail(
        'agent-skills',
        `skill ${String(skill.name)}'s digest does not match its bytes`,
        evidence(artifact, `index sha256:${digest}, served sha256:${actual}`),
        'Recompute each digest from the exact bytes served at its url (after any templating), and publish the index with the artifacts.',
      );
    }
  }
  return pass('agent-skills', `${counted(skills.length, 'skill')}, digests verified`, evidence(fetched, doc.$schema));
}
