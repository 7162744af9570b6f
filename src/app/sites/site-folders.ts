// One look at SITES_DIR: each folder's site.yaml read for where the site is served (its hosts, its
// addresses, its origin), the rest of the folder left for later. A look reads a site.yaml again only
// when its size or modification time changed, so a look at 1 000 unchanged sites is 1 000 stats. Those
// are synchronous calls, a batch at a time with the event loop let go between batches, as a content
// folder's look makes them (folder-fingerprint.ts): a thread-pool trip and a promise each cost more.
import { factsOf, statsPerTurn } from '../folder-fingerprint.ts';
import { readdir, readFile } from 'node:fs/promises';
import { setImmediate as nextTurn } from 'node:timers/promises';
import path from 'node:path';
import type { ServedSite } from '../../domain/sites/registry.ts';
import { siteHostingSchema } from '../../domain/sites/site-hosting.ts';
import { parseYaml } from '../../domain/content/yaml.ts';

/** What one look found in one folder: the site it describes, or why it describes none. */
export interface FolderLook {
  key: string;
  dir: string;
  /** site.yaml's size and modification time: the same stamp, the same reading. */
  stamp: string;
  site?: ServedSite;
  problem?: string;
}

/** The folders of SITES_DIR (dot-folders skipped), each read again only when its site.yaml changed. */
export async function lookAtFolders(
  sitesDir: string,
  previous: ReadonlyMap<string, FolderLook>,
): Promise<FolderLook[]> {
  const entries = await readdir(sitesDir, { withFileTypes: true });
  const keys = entries
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'))
    .map((entry) => entry.name)
    .sort();
  const looks: FolderLook[] = [];
  for (const [i, key] of keys.entries()) {
    if (i > 0 && i % statsPerTurn === 0) await nextTurn();
    const dir = path.join(sitesDir, key);
    const file = path.join(dir, 'site.yaml');
    const facts = factsOf(file);
    const stamp = facts ? `${facts.size}:${facts.mtimeMs}` : 'missing';
    const before = previous.get(key);
    if (before?.stamp === stamp) looks.push(before);
    else looks.push({ key, dir, stamp, ...(await readHosting(key, dir, file, facts !== undefined)) });
  }
  return looks;
}

async function readHosting(
  key: string,
  dir: string,
  file: string,
  exists: boolean,
): Promise<Pick<FolderLook, 'site' | 'problem'>> {
  if (!exists) return { problem: `${file}: is missing` };
  let raw: unknown;
  try {
    raw = parseYaml(await readFile(file, 'utf8'));
  } catch (error) {
    return { problem: `${file}: ${(error as Error).message}` };
  }
  const parsed = siteHostingSchema.safeParse(raw ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return { problem: `${file}: field "${issue.path.join('.')}" ${issue.message}` };
  }
  const { hosts, origin, baseUrl, mcpUrl, delivery } = parsed.data;
  if (!hosts) return { problem: `${file}: names no hosts (with SITES_DIR, \`hosts\` lists the site's host names)` };
  const address = baseUrl ?? `https://${hosts[0]}`;
  return {
    site: {
      key,
      hosts: [...new Set(hosts)],
      baseUrl: address,
      mcpUrl: mcpUrl ?? `${address}/mcp`,
      dir,
      ...(origin !== undefined && { origin }),
      ...(delivery !== undefined && { delivery }),
    },
  };
}
