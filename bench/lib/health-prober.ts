// Watches a server under a flood from a worker thread of its own: asks a URL on a clock and samples
// the server's RSS, so that what it reads is the server's and not the stalls of the bench's own event
// loop, which drives thousands of requests at the same time. `stop()` returns the latencies (ms,
// sorted), the count of failed asks and the RSS peak.
import { performance } from 'node:perf_hooks';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { Agent, request } from 'undici';
import { residentMb } from './processes.ts';

interface ProberSettings {
  url: string;
  /** Connections opened before the clock starts and kept (a new one would wait in the listen queue). */
  connections: number;
  intervalMs: number;
  /** The server's process, whose RSS is sampled on the same clock. */
  pid: number;
}

export interface ProberResult {
  latencies: number[];
  failed: number;
  rssBeforeMb: number;
  rssPeakMb: number;
}

export interface HealthProber {
  stop(): Promise<ProberResult>;
}

/** Opens the prober's connections and starts its clock; resolves once both are ready. */
export async function startHealthProber(settings: ProberSettings): Promise<HealthProber> {
  const worker = new Worker(new URL(import.meta.url), { workerData: settings });
  await new Promise<void>((resolve, reject) => {
    worker.once('message', () => resolve());
    worker.once('error', reject);
  });
  return {
    stop: () =>
      new Promise<ProberResult>((resolve, reject) => {
        worker.once('message', (result: ProberResult) => resolve(result));
        worker.once('error', reject);
        worker.postMessage('stop');
      }),
  };
}

async function probe({ url, connections, intervalMs, pid }: ProberSettings): Promise<void> {
  const agent = new Agent({ connections, keepAliveTimeout: 600_000 });
  const ask = async (): Promise<void> => {
    const answer = await request(url, { dispatcher: agent });
    await answer.body.dump();
  };
  await Promise.all(Array.from({ length: connections }, ask));
  let running = true;
  parentPort!.once('message', () => {
    running = false;
  });
  const rssBeforeMb = residentMb(pid);
  let rssPeakMb = rssBeforeMb;
  parentPort!.postMessage('ready');
  const latencies: number[] = [];
  let failed = 0;
  const asking: Promise<void>[] = [];
  while (running) {
    const asked = performance.now();
    asking.push(
      ask().then(
        () => void latencies.push(performance.now() - asked),
        () => void (failed += 1),
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
    rssPeakMb = Math.max(rssPeakMb, residentMb(pid));
  }
  await Promise.all(asking);
  await agent.close();
  parentPort!.postMessage({
    latencies: latencies.sort((a, b) => a - b),
    failed,
    rssBeforeMb,
    rssPeakMb,
  } satisfies ProberResult);
}

if (!isMainThread && (workerData as ProberSettings | undefined)?.url) await probe(workerData as ProberSettings);
