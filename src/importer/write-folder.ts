// Writes the planned files into the folder, keeping every file the operator changed. The manifest
// (.agentsite-import.json) holds the SHA-256 of each file as the import last wrote it: a file whose
// bytes still hash to that is the import's and is updated when the origin changed; a file that
// hashes to anything else was edited by the operator and is kept as it is; a file the manifest does
// not know was not written by an import and is never touched. It also keeps, for front mode, the
// origin's address of each page the content serves under another one ("/about" → "/about.html").
// Each file is written whole or not at all (a temporary file renamed over it), one that cannot be
// written is listed and the rest still are, and the manifest is written whatever happened, so a
// folder is never left without it.
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

export const manifestName = '.agentsite-import.json';
/** The origin's robots.txt as the import read it: front mode's stand-in while the origin's cannot be read. */
export const originRobotsName = 'origin-robots.txt';

export interface Manifest {
  origin: string;
  /** The day of the first import (the stand-in date of undated case studies stays put). */
  firstImport: string;
  lastImport: string;
  files: Record<string, { sha256: string }>;
  /** The content's address of a page → its address at the origin, where the two differ (none before 1.1). */
  addresses?: Record<string, string>;
  /** The origin's address of each page read → its validators then, which front mode compares with later answers. */
  validators?: Record<string, PageValidators>;
}

/** What tells one version of a page from another, as the origin sent it (ETag, Last-Modified). */
export interface PageValidators {
  etag?: string;
  lastModified?: string;
}

export interface WriteResult {
  written: string[];
  updated: string[];
  unchanged: string[];
  /** Edited by the operator since the import wrote them, or never written by an import. */
  kept: { file: string; why: string }[];
  /** Files an earlier import wrote for pages the origin no longer has (left in place, unless removed). */
  gone: string[];
  /** Of those, the ones deleted: still as the import wrote them, and `removeGone` asked for it. */
  removed: string[];
  /** Files that could not be written (a name the file system refuses, a full disk), with why. */
  failed: { file: string; why: string }[];
}

export async function readManifest(folder: string): Promise<Manifest | undefined> {
  try {
    return JSON.parse(await readFile(path.join(folder, manifestName), 'utf8')) as Manifest;
  } catch {
    return undefined;
  }
}

/** What one import writes: its files, the origin they came from and the origin's addresses of its pages. */
export interface ImportedFolder {
  files: Map<string, string>;
  origin: string;
  addresses: Record<string, string>;
  validators?: Record<string, PageValidators>;
  /**
   * Deletes the files of pages the origin no longer has, where the operator has not edited them: only
   * when the whole site was read, so a page that merely failed this time is never taken for gone.
   */
  removeGone?: boolean;
}

export async function writeFolder(
  folder: string,
  { files, origin, addresses, validators, removeGone = false }: ImportedFolder,
  previous: Manifest | undefined,
  today: string,
): Promise<WriteResult> {
  const result: WriteResult = { written: [], updated: [], unchanged: [], kept: [], gone: [], removed: [], failed: [] };
  const manifest: Manifest = {
    origin,
    firstImport: previous?.firstImport ?? today,
    lastImport: new Date().toISOString(),
    files: {},
    addresses,
    ...(validators && { validators }),
  };
  await mkdir(path.join(folder, 'skills'), { recursive: true });
  try {
    for (const [file, text] of [...files].sort(([a], [b]) => a.localeCompare(b))) {
      await writeOne(folder, file, text, previous, manifest, result).catch((error: unknown) => {
        result.failed.push({ file, why: (error as NodeJS.ErrnoException).code ?? (error as Error).message });
      });
    }
    await settleGone(folder, files, previous, removeGone, manifest, result);
  } finally {
    await writeWhole(path.join(folder, manifestName), `${JSON.stringify(manifest, null, 2)}\n`);
  }
  return result;
}

/** One planned file: written when new, updated when the import's own, kept when the operator's. */
async function writeOne(
  folder: string,
  file: string,
  text: string,
  previous: Manifest | undefined,
  manifest: Manifest,
  result: WriteResult,
): Promise<void> {
  const target = path.join(folder, file);
  const hash = sha256(text);
  const current = await readFile(target).catch(() => undefined);
  const recorded = previous?.files[file]?.sha256;
  if (current === undefined) {
    await mkdir(path.dirname(target), { recursive: true });
    await writeWhole(target, text);
    result.written.push(file);
  } else if (recorded === undefined || sha256(current) !== recorded) {
    result.kept.push({
      file,
      why: recorded === undefined ? 'not written by an import' : 'edited since the last import',
    });
    // Still the import's record of it: the next run compares against what the import would write.
    if (recorded !== undefined) manifest.files[file] = { sha256: recorded };
    return;
  } else if (recorded === hash) {
    result.unchanged.push(file);
  } else {
    await writeWhole(target, text);
    result.updated.push(file);
  }
  manifest.files[file] = { sha256: hash };
}

/** The files an earlier import wrote for pages the origin no longer has: kept on record, or removed. */
async function settleGone(
  folder: string,
  files: Map<string, string>,
  previous: Manifest | undefined,
  removeGone: boolean,
  manifest: Manifest,
  result: WriteResult,
): Promise<void> {
  for (const file of Object.keys(previous?.files ?? {})) {
    if (files.has(file)) continue;
    result.gone.push(file);
    const recorded = previous!.files[file]!;
    const current = await readFile(path.join(folder, file)).catch(() => undefined);
    if (removeGone && current !== undefined && sha256(current) === recorded.sha256) {
      await rm(path.join(folder, file));
      result.removed.push(file);
    } else if (current !== undefined) {
      manifest.files[file] = recorded;
    }
  }
}

/** Writes a temporary file beside `target` and renames it over `target`: never half a file. */
async function writeWhole(target: string, text: string): Promise<void> {
  const temporary = path.join(path.dirname(target), `.${process.pid}.agentsite-import.tmp`);
  await writeFile(temporary, text);
  await rename(temporary, target);
}

function sha256(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}
