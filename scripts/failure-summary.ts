// A `node --test` reporter that writes only the failed tests, each with its file and the first lines
// of its error. `npm test` runs it beside the spec reporter and prints what it wrote once both passes
// are over, so a failure of the first pass is still on screen at the end of a long run.
import path from 'node:path';
import type { TestEvent } from 'node:test/reporters';

/** Enough of an assertion's message and stack to say what differed and where. */
const maxErrorLines = 20;

function describeError(error: unknown): string {
  const cause = (error as { cause?: unknown } | undefined)?.cause ?? error;
  const text = cause instanceof Error ? (cause.stack ?? cause.message) : String(cause);
  // The test runner's own frames say nothing about the failure.
  const lines = text.split('\n').filter((line) => !/\(?node:(internal|async_hooks)/.test(line));
  return lines
    .slice(0, maxErrorLines)
    .map((line) => `    ${line}`)
    .join('\n');
}

export default async function* failureSummary(source: AsyncIterable<TestEvent>): AsyncGenerator<string> {
  for await (const event of source) {
    if (event.type !== 'test:fail') continue;
    const { name, file, details } = event.data;
    // A suite fails when one of its tests does; the test itself is already listed.
    if ((details.error as { failureType?: string }).failureType === 'subtestsFailed') continue;
    yield `✖ ${file ? path.relative(process.cwd(), file) : ''} › ${name}\n${describeError(details.error)}\n`;
  }
}
