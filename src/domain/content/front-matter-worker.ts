// Worker side of front-matter-pool.ts: splits the sources it was given and posts the outcomes back.
import { parentPort, workerData } from 'node:worker_threads';
import { splitOne } from './front-matter-pool.ts';

parentPort?.postMessage((workerData as string[]).map(splitOne));
