// The folders of SITES_DIR as the `sites` commands read and change them: each folder's site.yaml
// hosts and origin, and the top-level `hosts`/`origin` lines rewritten in place (the rest of the
// file, comments included, left as it is). Running instances see a change at their next look.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config/config.ts';
import { parseYaml } from '../../domain/content/yaml.ts';
import { siteHostingSchema } from '../../domain/sites/site-hosting.ts';
import { UsageError } from './command-context.ts';

export interface SiteFolder {
  /** The folder's name: the site's key. */
  key: string;
  dir: string;
  hosts: string[];
  origin?: string;
  /** Why its site.yaml could not be read, if it could not. */
  problem?: string;
}

/** Every site folder of `sitesDir` (folders starting with `.` are not sites), by name. */
export async function siteFolders(sitesDir: string): Promise<SiteFolder[]> {
  const entries = await readdir(sitesDir, { withFileTypes: true });
  const keys = entries
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'))
    .map((entry) => entry.name)
    .sort();
  return Promise.all(keys.map((key) => readSiteFolder(path.join(sitesDir, key))));
}

async function readSiteFolder(dir: string): Promise<SiteFolder> {
  const key = path.basename(dir);
  const file = path.join(dir, 'site.yaml');
  try {
    const raw = (parseYaml(await readFile(file, 'utf8')) ?? {}) as Record<string, unknown>;
    // Only the keys that say where the site is served: a wrong `delivery` is content:check's to report.
    const parsed = siteHostingSchema.pick({ hosts: true, origin: true }).safeParse(raw);
    if (!parsed.success) return { key, dir, hosts: [], problem: `${file}: ${parsed.error.issues[0]!.message}` };
    return { key, dir, hosts: parsed.data.hosts ?? [], ...(parsed.data.origin && { origin: parsed.data.origin }) };
  } catch (error) {
    return { key, dir, hosts: [], problem: `${file}: ${(error as Error).message}` };
  }
}

/** The host as site.yaml holds it (lower case), or undefined when it is no host name. */
export function hostName(text: string): string | undefined {
  const parsed = siteHostingSchema.pick({ hosts: true }).safeParse({ hosts: [text] });
  return parsed.success ? parsed.data.hosts![0] : undefined;
}

/** The key of the site of `sitesDir` that `named` names: one of its hosts, or its folder's name. */
export async function siteKeyNamed(sitesDir: string, named: string): Promise<string> {
  const host = hostName(named) ?? named;
  const folders = await siteFolders(sitesDir);
  const site = folders.find((folder) => folder.hosts.includes(host)) ?? folders.find((folder) => folder.key === named);
  if (!site) throw new Error(`no site of ${sitesDir} names the host ${named.slice(0, 80)} or has that folder`);
  return site.key;
}

/**
 * The key of the site a command's `--site` names (a host or a folder, as siteKeyNamed reads it), or
 * undefined when none is named. Refused without SITES_DIR, where the one site needs no naming.
 */
export async function siteOption(config: Config, named: string | undefined): Promise<string | undefined> {
  if (named === undefined) return undefined;
  if (!config.sites) throw new UsageError('--site names a site of SITES_DIR, which is not set');
  return siteKeyNamed(config.sites.dir, named);
}

/** With SITES_DIR, a listing's rows of every site say whose they are: a `site` column first. */
export function siteColumn(config: Config): ['site'] | [] {
  return config.sites ? ['site'] : [];
}

/** Sets the top-level `hosts` (and `origin`, when given) of a site.yaml, every other line kept. */
export async function writeHosting(dir: string, hosting: { hosts: string[]; origin?: string }): Promise<void> {
  const file = path.join(dir, 'site.yaml');
  const text = await readFile(file, 'utf8').catch(() => '');
  const keys = hosting.origin === undefined ? ['hosts'] : ['hosts', 'origin'];
  const kept = withoutTopLevelKeys(text, keys).trimEnd();
  const lines = [`hosts: [${hosting.hosts.join(', ')}]`];
  if (hosting.origin !== undefined) lines.push(`origin: ${hosting.origin}`);
  await writeFile(file, `${kept ? `${kept}\n` : ''}${lines.join('\n')}\n`);
}

/** The YAML text without the named top-level keys and the indented or list lines under them. */
function withoutTopLevelKeys(text: string, keys: readonly string[]): string {
  const out: string[] = [];
  let skipping = false;
  for (const line of text.split('\n')) {
    const topLevel = /^([A-Za-z_][\w-]*)\s*:/.exec(line);
    if (topLevel) skipping = keys.includes(topLevel[1]!);
    else if (skipping && line.trim() !== '' && !/^[\s-]/.test(line)) skipping = false;
    if (!skipping) out.push(line);
  }
  return out.join('\n');
}
