// Entry point of `npm run worker`: the delivery worker on its own, without the HTTP or MCP listeners
// (e.g. a separate container next to several API instances on one PostgreSQL database). With
// METRICS_PORT set it also serves its own Prometheus metrics (delivery attempts, outbox gauge); in
// front mode it also imports the origin again every ORIGIN_RECRAWL_MINUTES.
// The rest is imported after node-version.ts, which stops an older Node with a clear line.
import './kernel/node-version.ts';
import { letIdleHeapShrink } from './kernel/idle-heap.ts';
import { keepTickShapes } from './kernel/tick-shapes.ts';

// Before anything loads: a full collection during start-up could already leave nextTick slow for good.
keepTickShapes();

async function main(): Promise<void> {
  const { ConfigError, loadConfig } = await import('./config/config.ts');
  const { startDeliveryWorker } = await import('./delivery/worker.ts');
  const { startConfiguredMetricsListener } = await import('./ops/metrics/listener.ts');
  const { closeServices, createServices } = await import('./app/services.ts');
  const { configuredTargets } = await import('./delivery/targets.ts');
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`agentsite worker: configuration error: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  const services = await createServices(config);
  // V8 gives back what a burst of load grew once it sees the process idle (see idle-heap.ts).
  letIdleHeapShrink();
  // Listen before delivering, so a taken METRICS_PORT stops start-up before any delivery is claimed.
  const metrics = await startConfiguredMetricsListener(services);
  const worker = startDeliveryWorker(services);
  const follow = config.front && (await import('./app/origin-follow.ts')).startOriginFollow(services, true);
  const targets = configuredTargets(config);
  console.log(
    `agentsite worker ready: ${worker.owner} delivering to ${targets.length > 0 ? targets.join(', ') : 'no targets (none configured)'}` +
      (metrics ? `; metrics listening ${config.host}:${metrics.port}` : ''),
  );
  const shutdown = (signal: string): void => {
    services.logger.info({ signal }, 'worker shutting down');
    // The metrics listener goes before the database closes: a scrape reads the outbox gauge from it.
    Promise.all([metrics?.close(), worker.stop(), follow?.stop()])
      .then(() => closeServices(services))
      .then(
        () => process.exit(0),
        () => process.exit(1),
      );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  console.error(`agentsite worker: failed to start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
