// Run as a child process by c-heap-trim.test.ts: fragments the C heap with Buffers (every sixteenth
// kept), frees the rest, and prints its anonymous memory before and after one trim, in MB.
import fs from 'node:fs';
import v8 from 'node:v8';
import vm from 'node:vm';
import { trimCHeap } from '../../src/c-heap-trim.ts';

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;
const anonymousMb = (): number =>
  Number(/RssAnon:\s+(\d+)/.exec(fs.readFileSync('/proc/self/status', 'utf8'))?.[1]) / 1024;
const settle = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

const kept: Buffer[] = [];
let all: Buffer[] = [];
// Slow (unpooled) Buffers: each its own malloc'd backing store, as socket reads are.
for (let i = 0; i < 50_000; i += 1) {
  const buffer = Buffer.allocUnsafeSlow(2048).fill(1);
  all.push(buffer);
  if (i % 16 === 0) kept.push(buffer);
}
all = [];
gc();
await settle(200);
const before = anonymousMb();
trimCHeap();
await settle(500);
console.log(JSON.stringify({ before, after: anonymousMb(), kept: kept.length }));
