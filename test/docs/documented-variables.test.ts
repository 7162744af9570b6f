// Every environment variable the code reads is documented in docs/configuration.md (in the first
// column of one of its tables, where each has its default and meaning), and every variable that page
// documents is still read somewhere. The code is read as text: `process.env.NAME`, `process.env['NAME']`,
// `env.NAME` and `env['NAME']` anywhere; in the configuration modules (src/config/) any call whose first
// argument is a variable's name, as the configuration reads them (`get('PORT')`,
// `intSetting('RETENTION_DAYS', …)`); elsewhere a call of a function of the same file that reads
// `process.env[name]` with its first parameter (`positive('BENCH_DURATION', 5)` in bench/run.ts).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Where the product and its tools read the environment: the service, its scripts, benchmarks and tests. */
const scannedFolders = ['src', 'scripts', 'bench', 'audit', 'bin', 'test'];
/** Variables of the machine, not of the product. */
const systemVariables = new Set(['PATH', 'HOME', 'NODE_OPTIONS', 'NODE_ENV', 'TMPDIR', 'CI', 'TERM', 'PWD']);

const name = '[A-Z][A-Z0-9_]*[A-Z0-9]';
const directReads = [
  new RegExp(String.raw`process\.env\.(${name})\b`, 'g'),
  new RegExp(String.raw`process\.env\[\s*['"](${name})['"]\s*\]`, 'g'),
  new RegExp(String.raw`(?<![\w$.])env\.(${name})\b`, 'g'),
  new RegExp(String.raw`(?<![\w$.])env\[\s*['"](${name})['"]\s*\]`, 'g'),
];
/** A call whose first argument is an upper-case name: how a configuration module reads a variable. */
const namedCall = new RegExp(String.raw`\b[A-Za-z_$][\w$]*\(\s*'(${name})'`, 'g');
/** A function (declared or an arrow) whose first parameter indexes the environment within its first lines. */
const envReader =
  /(?:function\s+([A-Za-z_$][\w$]*)\s*|(?:const|let)\s+([A-Za-z_$][\w$]*)\s*=\s*)\(\s*([A-Za-z_$][\w$]*)[\s\S]{0,240}?\benv\[\s*\3\s*\]/g;

/** The names read through the file's own environment-reading functions. */
function namesReadThroughHelpers(text: string): string[] {
  const helpers = [...text.matchAll(envReader)].map((match) => match[1] ?? match[2]!);
  return helpers.flatMap((helper) =>
    [...text.matchAll(new RegExp(String.raw`(?<![\w$])${helper}\(\s*'(${name})'`, 'g'))].map((match) => match[1]!),
  );
}

function sourceFiles(folder: string): string[] {
  const full = path.join(root, folder);
  if (!fs.existsSync(full)) return [];
  return fs
    .readdirSync(full, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(ts|js|mjs)$/.test(entry.name))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .filter((file) => !file.split(path.sep).includes('node_modules') && !file.startsWith(path.join('test', 'docs')));
}

const isConfigModule = (file: string): boolean => /^src[/\\]config([/\\]|[-.])/.test(file);

/** Each variable the code reads, with the files that read it. */
function variablesRead(): Map<string, Set<string>> {
  const found = new Map<string, Set<string>>();
  const add = (variable: string, file: string): void => {
    if (systemVariables.has(variable)) return;
    if (!found.has(variable)) found.set(variable, new Set());
    found.get(variable)!.add(file);
  };
  for (const file of scannedFolders.flatMap(sourceFiles)) {
    const text = fs.readFileSync(path.join(root, file), 'utf8');
    for (const pattern of directReads) for (const match of text.matchAll(pattern)) add(match[1]!, file);
    if (isConfigModule(file)) for (const match of text.matchAll(namedCall)) add(match[1]!, file);
    for (const variable of namesReadThroughHelpers(text)) add(variable, file);
  }
  return found;
}

/** The names in the first column of every table of a markdown page (`NAME`, or `A`, `B` in one cell). */
function documentedVariables(markdown: string): Set<string> {
  const names = new Set<string>();
  for (const line of markdown.split('\n')) {
    const cells = /^\|([^|]*)\|/.exec(line);
    if (!cells) continue;
    for (const match of cells[1]!.matchAll(new RegExp(String.raw`\x60(${name})\x60`, 'g'))) names.add(match[1]!);
  }
  return names;
}

const configurationPage = path.join(root, 'docs', 'configuration.md');

describe('docs/configuration.md', () => {
  const read = variablesRead();
  const documented = documentedVariables(fs.readFileSync(configurationPage, 'utf8'));

  it('the scan finds the configuration as the code reads it', () => {
    // A guard on the scan itself: if the configuration changes how it reads names, this says so
    // instead of every variable silently passing.
    for (const variable of ['PORT', 'MCP_PORT', 'DATABASE_URL', 'BASE_URL', 'ADMIN_TOKEN', 'DELIVERY_LEASE_MS']) {
      assert.ok(read.has(variable), `the scan no longer finds ${variable}: update the patterns of this test`);
    }
    assert.ok(read.size >= 40, `only ${read.size} variables found`);
  });

  it('documents every environment variable the code reads', () => {
    const missing = [...read.keys()]
      .filter((variable) => !documented.has(variable))
      .map((variable) => `${variable} (read in ${[...read.get(variable)!].join(', ')})`);
    assert.deepEqual(missing, [], `add a row for each to docs/configuration.md:\n${missing.join('\n')}`);
  });

  it('documents no variable the code no longer reads', () => {
    const stale = [...documented].filter((variable) => !read.has(variable));
    assert.deepEqual(
      stale,
      [],
      `remove these rows from docs/configuration.md, or read them again: ${stale.join(', ')}`,
    );
  });
});
