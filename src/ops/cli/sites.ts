// `agentsite sites add|list|remove`: the sites of SITES_DIR. A new site's folder is written under a
// dot-name (which no instance serves) and renamed into place when complete, so a running instance
// never loads half a folder; it serves the change at its next look (CONTENT_POLL_SECONDS). A removed
// site's folder is moved aside into SITES_DIR/.removed/, never deleted: its content is kept.
import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { loadContent } from '../../domain/content/loader.ts';
import { UsageError } from './commands.ts';
import { hostName, siteFolders, writeHosting, type SiteFolder } from './site-files.ts';
import { initContent } from './init.ts';
import { table } from './table.ts';

export interface SitesOptions {
  import?: string | undefined;
  origin?: string | undefined;
}

type Out = (line: string) => void;

export async function sitesCommand(args: string[], options: SitesOptions, out: Out): Promise<number> {
  const [action, ...rest] = args;
  const sitesDir = await sitesFolder();
  if (action === 'list' && rest.length === 0) return listSites(sitesDir, out);
  if (action === 'add' && rest.length === 1) return addSite(sitesDir, rest[0]!, options, out);
  if (action === 'remove' && rest.length === 1) return removeSite(sitesDir, rest[0]!, out);
  throw new UsageError(
    'sites takes: sites add <host> [--import <url>] [--origin <url>], sites list, or sites remove <host>',
  );
}

async function sitesFolder(): Promise<string> {
  const value = process.env.SITES_DIR?.trim();
  if (!value)
    throw new Error('sites manages the folders of SITES_DIR, which is not set: set SITES_DIR to the folder of sites');
  const dir = path.resolve(value);
  if (!(await stat(dir).catch(() => undefined))?.isDirectory()) throw new Error(`SITES_DIR ${dir} is not a folder`);
  return dir;
}

function validHost(text: string): string {
  const host = hostName(text);
  if (!host)
    throw new UsageError(`"${text.slice(0, 80)}" is not a host name (e.g. www.example.com, without scheme or port)`);
  return host;
}

function originOf(text: string): string {
  if (!URL.canParse(text) || !['http:', 'https:'].includes(new URL(text).protocol))
    throw new UsageError(`--origin takes an http or https address, not "${text.slice(0, 80)}"`);
  return new URL(text).origin;
}

async function addSite(sitesDir: string, text: string, options: SitesOptions, out: Out): Promise<number> {
  const host = validHost(text);
  const origin = options.origin === undefined ? undefined : originOf(options.origin);
  const folders = await siteFolders(sitesDir);
  const holder = folders.find((folder) => folder.hosts.includes(host) || folder.key === host);
  if (holder)
    throw new Error(
      `${host} is already a site: ${holder.hosts.includes(host) ? 'a host of' : 'the folder'} ${holder.dir}`,
    );
  const building = path.join(sitesDir, `.adding-${host}-${randomBytes(4).toString('hex')}`);
  try {
    if (options.import === undefined) await initContent([building], () => {});
    else {
      const { importCommand, terminalIo } = await import('../../importer/command.ts');
      const code = await importCommand(
        [options.import, '--out', building],
        terminalIo((line) => line),
      );
      if (code === 2) throw new Error(`the import of ${options.import} did not start; no site was added`);
    }
    await writeHosting(building, { hosts: [host], ...(origin !== undefined && { origin }) });
    await rename(building, path.join(sitesDir, host));
  } finally {
    await rm(building, { recursive: true, force: true });
  }
  out(`Added ${host}: ${path.join(sitesDir, host)}${origin ? ` (in front of ${origin})` : ''}`);
  out('Running instances serve it within CONTENT_POLL_SECONDS (10 s by default).');
  return 0;
}

async function removeSite(sitesDir: string, text: string, out: Out): Promise<number> {
  const host = validHost(text);
  const site = (await siteFolders(sitesDir)).find((folder) => folder.hosts.includes(host));
  if (!site) throw new Error(`no site of ${sitesDir} names the host ${host}`);
  const hosts = site.hosts.filter((name) => name !== host);
  if (hosts.length > 0) {
    await writeHosting(site.dir, { hosts });
    out(`Removed ${host} from ${site.dir}; it keeps ${hosts.join(', ')}`);
    return 0;
  }
  // Its only host: the folder goes aside, dated, where no instance serves it and nothing is lost.
  const aside = path.join(sitesDir, '.removed', `${site.key}-${new Date().toISOString().replace(/[:.]/g, '-')}`);
  await mkdir(path.dirname(aside), { recursive: true });
  await rename(site.dir, aside);
  out(`Removed ${host}: its folder is kept in ${aside}`);
  return 0;
}

async function listSites(sitesDir: string, out: Out): Promise<number> {
  const folders = await siteFolders(sitesDir);
  const rows: Record<'folder' | 'hosts' | 'origin' | 'pages' | 'gaps', string>[] = [];
  for (const folder of folders) rows.push({ ...(await contentFigures(folder)), ...summary(folder) });
  out(table(['folder', 'hosts', 'origin', 'pages', 'gaps'], rows));
  return 0;
}

function summary(folder: SiteFolder): Record<'folder' | 'hosts' | 'origin', string> {
  return {
    folder: folder.key,
    hosts: folder.problem ? `(${folder.problem})` : folder.hosts.join(' '),
    origin: folder.origin ?? '-',
  };
}

/** The folder's pages and unfilled gaps, as the server would load them. */
async function contentFigures(folder: SiteFolder): Promise<{ pages: string; gaps: string }> {
  try {
    const catalog = await loadContent(folder.dir);
    return { pages: String(catalog.pages.length), gaps: String(catalog.gaps.length) };
  } catch {
    return { pages: 'does not load', gaps: '' };
  }
}
