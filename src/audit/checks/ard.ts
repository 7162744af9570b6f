// Agentic Resource Discovery: an AI catalog (the one robots.txt names in an Agentmap line, else
// /.well-known/ai-catalog.json or ard.json) whose entries are named by `urn:air:` identifiers. A site
// without one is skipped, as Lighthouse's ard-schema audit does.
import type { AuditContext, Fetched } from '../context.ts';
import type { CheckResult } from '../report.ts';
import { serverCardMediaType } from '../../domain/server-card-address.ts';
import { evidence, fail, isObject, json, ok, pass, skip, warn } from '../verdict.ts';
import { ardWords } from '../words/ard.ts';
import { robotsValues } from './robots.ts';

const catalogPaths = ['/.well-known/ai-catalog.json', '/.well-known/ard.json'];
/** Entry types whose artifact carries its own human-readable name. */
const selfNaming = [serverCardMediaType, 'application/a2a-agent-card+json'];

/** The site's AI catalog: the first few Agentmap lines (a robots.txt may name more than one), then the well-known paths. */
export async function findCatalog(ctx: AuditContext): Promise<Fetched> {
  let fetched: Fetched | undefined;
  for (const path of [...(await robotsValues(ctx, 'agentmap')).slice(0, 3), ...catalogPaths]) {
    fetched = await ctx.get(path, 'application/json');
    if (ok(fetched)) break;
  }
  return fetched!;
}

/** The catalog's entries, or none when there is no catalog or it has no entry list. */
export function catalogEntries(found: Fetched): unknown[] | undefined {
  const doc = ok(found) ? json(found) : undefined;
  return isObject(doc) && Array.isArray(doc.entries) ? doc.entries : undefined;
}

export async function ard(ctx: AuditContext): Promise<CheckResult> {
  const say = ardWords(ctx.language);
  const found = await findCatalog(ctx);
  if (!ok(found)) return skip('ard', say('noCatalog'), evidence(found));
  const fix = say('listEntries');
  const entries = catalogEntries(found);
  if (!entries || entries.length === 0) return fail('ard', say('noEntries'), evidence(found, found.text), fix);
  const bad = entries.find(
    (entry) =>
      !isObject(entry) ||
      typeof entry.identifier !== 'string' ||
      !entry.identifier.startsWith('urn:air:') ||
      typeof entry.type !== 'string' ||
      (typeof entry.url === 'string') === 'data' in entry,
  );
  if (bad) return fail('ard', say('badEntry'), evidence(found, JSON.stringify(bad)), fix);
  // displayName is optional since the catalog's ADR-0016, but only for artifacts that name themselves
  // (an agent card's name, a server card's title): a skill, a dataset or a nested catalog SHOULD carry one.
  const nameless = entries.find(
    (entry) =>
      isObject(entry) &&
      !selfNaming.includes(String(entry.type)) &&
      (typeof entry.displayName !== 'string' || !entry.displayName.trim()),
  ) as Record<string, unknown> | undefined;
  if (nameless)
    return warn(
      'ard',
      say('nameless', { identifier: String(nameless.identifier), type: String(nameless.type) }),
      evidence(found, String(nameless.identifier)),
      say('nameEntries'),
    );
  return pass('ard', say('passed', { entries: entries.length }), evidence(found));
}
