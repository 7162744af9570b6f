// After a burst, glibc keeps the C heap's pages freed between allocations still in use; the trim
// hands them back. A child process fragments its C heap the way a burst of requests does (many
// Buffers, a few kept), and its anonymous memory is read before and after one trim.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const child = fileURLToPath(new URL('./c-heap-fragments.ts', import.meta.url));

describe('the C heap trim', () => {
  it('returns the freed pages between kept allocations to the OS', { skip: process.platform !== 'linux' }, async () => {
    const { stdout } = await promisify(execFile)(process.execPath, [child]);
    const { before, after, kept } = JSON.parse(stdout) as { before: number; after: number; kept: number };
    assert.equal(kept, 3125);
    // About 100 MB of Buffers were freed; one in sixteen kept pins far less than that.
    assert.ok(before - after > 40, `anonymous memory went from ${before.toFixed(1)} to ${after.toFixed(1)} MB`);
  });
});
