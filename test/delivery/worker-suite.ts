// The setup delivery suites share: a double of the delivery target, services configured for it and a
// running worker, all stopped after the suite. Call inside a describe; the hooks register on that suite.
import { after, before } from 'node:test';
import { startDeliveryWorker, type DeliveryWorker } from '../../src/delivery/worker.ts';
import { closeServices, type Services } from '../../src/app/services.ts';
import { testServices } from './fixture.ts';

export interface WorkerSuite<Target> {
  /** The double standing in for the delivery target, from the suite's before hook on. */
  readonly target: Target;
  /** Services on a fresh test database, configured for `target`, with a worker running over them. */
  readonly services: Services;
}

/** Starts `startTarget`, then services with `envFor(target)` and a worker, before the enclosing suite. */
export function useRunningWorker<Target extends { close(): Promise<void> }>(
  startTarget: () => Promise<Target>,
  envFor: (target: Target) => Record<string, string>,
): WorkerSuite<Target> {
  let target: Target | undefined;
  let services: Services | undefined;
  let worker: DeliveryWorker | undefined;
  before(async () => {
    target = await startTarget();
    services = await testServices(envFor(target));
    worker = startDeliveryWorker(services);
  });
  after(async () => {
    await worker?.stop();
    if (services) await closeServices(services);
    await target?.close();
  });
  return {
    get target() {
      return target ?? notStarted();
    },
    get services() {
      return services ?? notStarted();
    },
  };
}

function notStarted(): never {
  throw new Error('the suite starts its worker in its before hook');
}
