// Agentic Resource Discovery: an AI catalog (the one robots.txt names in an Agentmap line, else
// /.well-known/ai-catalog.json or ard.json) whose entries are named by `urn:air:` identifiers. A site
// without one is skipped, as Lighthouse's ard-schema audit does.
import type { AuditContext, Fetched } from '../context.ts';
import type { CheckResult } from '../report.ts';
import { counted, evidence, fail, isObject, json, ok, pass, skip } from '../verdict.ts';
import { robotsValues } from './robots.ts';

const catalogPaths = ['/.well-known/ai-catalog.json', '/.well-known/ard.json'];

export async function ard(ctx: AuditContext): Promise<CheckResult> {
  let fetched: Fetched | undefined;
  // The first few Agentmap lines (a robots.txt may name more than one), then the well-known paths.
  for (const path of [...(await robotsValues(ctx, 'agentmap')).slice(0, 3), ...catalogPaths]) {
    fetched = await ctx.get(path, 'application/json');
    if (ok(fetched)) break;
  }
  const found = fetched!;
  if (!ok(found)) return skip('ard', 'no ARD or AI catalog published', evidence(found));
  const fix =
    'List each agent resource (MCP server, A2A agent, skill) in the AI catalog with an "identifier" of the form urn:air:<host>:<kind>:<name>, a "type" and either a "url" or inline "data".';
  const doc = json(found);
  const entries = isObject(doc) && Array.isArray(doc.entries) ? doc.entries : undefined;
  if (!entries || entries.length === 0)
    return fail('ard', 'the AI catalog has no entries', evidence(found, found.text), fix);
  const bad = entries.find(
    (entry) =>
      !isObject(entry) ||
      typeof entry.identifier !== 'string' ||
      !entry.identifier.startsWith('urn:air:') ||
      typeof entry.type !== 'string' ||
      (typeof entry.url === 'string') === 'data' in entry,
  );
  if (bad)
    return fail(
      'ard',
      'an entry lacks a urn:air identifier, a type, or exactly one of url and data',
      evidence(found, JSON.stringify(bad)),
      fix,
    );
  return pass('ard', `AI catalog with ${counted(entries.length, 'urn:air entry', 'urn:air entries')}`, evidence(found));
}
