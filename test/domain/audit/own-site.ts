// The project's own service on free loopback ports, with BASE_URL and MCP_URL set to where it is
// reached (its own port, or a fixture proxy's origin in front of it), so every URL its documents
// advertise leads back to it: what an audit follows.
import { startApp } from '../../../src/app/app.ts';
import { loadConfig } from '../../../src/config/config.ts';
import type { SelfAudit } from '../../../src/audit/self-audit.ts';
import { freshDatabaseUrl, freePorts } from '../../helpers/app.ts';

export interface OwnSite {
  /** Where the service itself listens. */
  port: number;
  baseUrl: string;
  mcpUrl: string;
  /** The service's audit of itself (shown on /developers). */
  selfAudit(): SelfAudit;
  stop(): Promise<void>;
}

export async function startOwnSite(publicOrigin?: string): Promise<OwnSite> {
  const [port, mcpPort] = (await freePorts(2)) as [number, number];
  const baseUrl = publicOrigin ?? `http://127.0.0.1:${port}`;
  const mcpUrl = `http://127.0.0.1:${mcpPort}/mcp`;
  const app = await startApp(
    loadConfig({
      LOG_LEVEL: 'silent',
      PORT: String(port),
      MCP_PORT: String(mcpPort),
      BASE_URL: baseUrl,
      MCP_URL: mcpUrl,
      DATABASE_URL: await freshDatabaseUrl(),
    }),
  );
  return { port, baseUrl, mcpUrl, selfAudit: () => app.services.selfAudit, stop: () => app.stop() };
}
