// What a page request reads of its site is held in V8's fast mode: the site's parts, its served
// pages, its replies and a served page. An object in dictionary mode (an object literal with a
// getter, a property deleted) is read through its own property table on every request; with many
// sites in one process that table is another site's each time, read out of the processor's caches
// (docs/benchmarks.md, many pages of one site against many sites). A child process builds the demo
// site's parts as the page route does and asks V8 (%HasFastProperties) about each.
import { strict as assert } from 'node:assert';
import { spawn } from 'node:child_process';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { tempSqliteUrl } from '../helpers/app.ts';

const source = (file: string): string => JSON.stringify(fileURLToPath(new URL(`../../src/${file}`, import.meta.url)));

/** Each object's name and whether V8 holds it in fast mode, as the child printed them. */
function modesOfPageParts(): Promise<Record<string, boolean>> {
  const child = spawn(
    process.execPath,
    [
      '--allow-natives-syntax',
      '--input-type=module',
      '-e',
      `import { loadConfig } from ${source('config/config.ts')};
import { createServices, closeServices } from ${source('app/services.ts')};
import { currentSite } from ${source('surfaces/web/current-site.ts')};
const services = await createServices(loadConfig({ LOG_LEVEL: 'silent', DATABASE_URL: ${JSON.stringify(tempSqliteUrl())} }));
const parts = currentSite(services)();
const fast = new Function('o', 'return %HasFastProperties(o)');
const objects = { parts, pages: parts.pages, replies: parts.replies, page: parts.pages.all[0], developers: parts.pages.developers };
console.log(JSON.stringify(Object.fromEntries(Object.entries(objects).map(([name, o]) => [name, fast(o)]))));
await closeServices(services);`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let printed = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (printed += chunk));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve(JSON.parse(printed.trim().split('\n').at(-1)!)) : reject(new Error(`child exited ${code}`)),
    );
  });
}

describe('what a page request reads of its site', () => {
  it('is held in fast mode, not read through a property table of its own', async () => {
    assert.deepEqual(await modesOfPageParts(), {
      parts: true,
      pages: true,
      replies: true,
      page: true,
      developers: true,
    });
  });
});
