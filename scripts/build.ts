// `npm run build` (and the first step of `npm start`): bundles the server into dist/ with esbuild.
// Node runs the TypeScript sources directly, but a start from them resolves ~900 module files and
// strips the types of every one of ours each time: about 530 ms to the first 200 against about
// 370 ms from the bundle. Tests, the worker and the CLI keep running the sources.
// dist/main.mjs is a small entry that enables V8's compile cache and then imports the bundled app
// (a separate chunk, so the cache covers it).
import { build } from 'esbuild';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Builds into `outdir` (default dist/) and returns the path of the entry to run. */
export async function buildServer(outdir = path.join(root, 'dist')): Promise<string> {
  await build({
    absWorkingDir: root,
    // The audit's worker thread is an entry of its own: audit-in-worker.ts starts dist/audit-worker.mjs.
    entryPoints: { main: 'src/main.ts', 'audit-worker': 'src/audit/worker/audit-worker.ts' },
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node24',
    outExtension: { '.js': '.mjs' },
    // Flat: a chunk's import.meta.url must find ../content as src/ does.
    chunkNames: '[name]-[hash]',
    // Whitespace and syntax only: function and variable names stay readable in stack traces.
    minifyWhitespace: true,
    minifySyntax: true,
    // pg loads its optional native binding (pg-native) only when asked; it is not a dependency.
    external: ['pg-native'],
    // Some CommonJS dependencies call require() for Node built-ins; an ES module has none of its own.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    logLevel: 'warning',
  });
  await escapeWideCharacters(outdir);
  return path.join(outdir, 'main.mjs');
}

/**
 * esbuild writes ASCII, except inside regular-expression literals, where it keeps a dependency's
 * characters as they are (Readability's words in Chinese and Russian, a title's en dash). One such
 * character makes V8 hold the whole chunk two bytes a character, so each is written as its `\u`
 * escape, which means the same character in a string, a regex (with or without the u flag) and a
 * comment. Surrogate pairs come out as two escapes, which a u-flag regex reads as one code point.
 */
async function escapeWideCharacters(outdir: string): Promise<void> {
  for (const file of await readdir(outdir)) {
    if (!file.endsWith('.mjs')) continue;
    const source = await readFile(path.join(outdir, file), 'utf8');
    if (!/[\u0100-\uffff]/.test(source)) continue;
    const escaped = source.replace(
      /[\u0100-\uffff]/g,
      (unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`,
    );
    await writeFile(path.join(outdir, file), escaped);
  }
}

if (import.meta.main) {
  const started = performance.now();
  const entry = await buildServer(process.argv[2]);
  console.log(`built ${path.relative(root, entry)} in ${Math.round(performance.now() - started)} ms`);
}
