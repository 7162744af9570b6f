// Splits many markdown files at once. With thousands of files a worker thread parses half of them
// while this thread parses the rest: YAML parsing was most of start-up with 10 000 case studies
// (bench/, issue 7). Small catalogues, or a worker that fails to start, parse on this thread.
import { Worker } from 'node:worker_threads';
import { splitFrontMatter, type FrontMatterFile } from './front-matter.ts';

export type SplitOutcome = { ok: true; file: FrontMatterFile } | { ok: false; message: string };

/** The worker's module beside this one: front-matter-worker.ts in src/, .mjs in the dist/ bundle. */
const workerUrl = new URL(`./front-matter-worker${import.meta.url.endsWith('.ts') ? '.ts' : '.mjs'}`, import.meta.url);

/** Below this many files a worker's start-up costs more than it saves. */
const workerThreshold = 2_000;

export function splitOne(source: string): SplitOutcome {
  try {
    return { ok: true, file: splitFrontMatter(source) };
  } catch (error) {
    return { ok: false, message: (error as Error).message.split('\n')[0]! };
  }
}

/** The outcome for each source, in order; a bad file is an outcome, never a thrown error. */
export async function splitMany(sources: string[]): Promise<SplitOutcome[]> {
  if (sources.length < workerThreshold) return sources.map(splitOne);
  const half = Math.floor(sources.length / 2);
  const rest = sources.slice(half);
  let worker: Worker | undefined;
  const fromWorker = new Promise<SplitOutcome[]>((resolve, reject) => {
    worker = new Worker(workerUrl, { workerData: rest });
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`front-matter worker exited with ${code}`)));
  }).catch(() => rest.map(splitOne));
  const first = sources.slice(0, half).map(splitOne);
  const second = await fromWorker;
  void worker?.terminate();
  return first.concat(second);
}
