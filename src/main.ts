// Entry point of `npm start`: reads the configuration, starts the service, and drains on SIGTERM.
// node-version.ts stops an older Node with a clear line; the rest is imported after it and after
// V8's compile cache is on, so it never loads on the wrong Node and a restart skips compiling the
// bundle's app chunk (the cache lives in the OS temporary folder; an unwritable one means no cache).
import module from 'node:module';
import './kernel/node-version.ts';
import { letIdleHeapShrink } from './kernel/idle-heap.ts';
import { keepTickShapes } from './kernel/tick-shapes.ts';

// Before anything loads: a full collection during start-up could already leave nextTick slow for good.
keepTickShapes();
module.enableCompileCache?.();

async function main(): Promise<void> {
  const { ConfigError, loadConfig } = await import('./config/config.ts');
  const { startApp } = await import('./app/app.ts');
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`agentsite: configuration error: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  const app = await startApp(config);
  // V8 gives back what a burst of load grew once it sees the process idle (see idle-heap.ts).
  letIdleHeapShrink();
  console.log(
    `agentsite ready: site and API on ${config.baseUrl} (listening ${config.host}:${config.port}), ` +
      `MCP on ${config.mcpUrl} (listening ${config.host}:${config.mcpPort})` +
      (app.admin ? `, dashboard on http://${config.host}:${app.admin.port}/` : ''),
  );
  const shutdown = (signal: string): void => {
    app.services.logger.info({ signal }, 'shutting down');
    app.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        app.services.logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  // A ConfigError (a variable, a database, a content file, an address) is the operator's to fix.
  const label = error instanceof Error && error.name === 'ConfigError' ? 'configuration error' : 'failed to start';
  console.error(`agentsite: ${label}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
  process.exit(1);
});
