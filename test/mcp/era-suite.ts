// The setup MCP suites share: a fresh test app started before the suite's tests with real SDK clients
// connected to it, all closed after. Call inside a describe; the hooks register on that suite.
import { after, before, describe } from 'node:test';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { eras, type Era, type TestClient } from './clients.ts';

export interface McpSession {
  /** The running app, from the suite's before hook on. */
  readonly app: TestApp;
  /** The client of the first era connected (the only one in a per-era suite). */
  readonly client: TestClient;
  /** The client of `era`, which must be one of those connected. */
  clientOf(era: Era): TestClient;
}

/** Starts an app before the enclosing suite and connects one client per era in `connect` to it. */
export function useMcpSession(connect: readonly Era[], env: Record<string, string> = {}): McpSession {
  let app: TestApp | undefined;
  const clients = new Map<Era, TestClient>();
  before(async () => {
    app = await startTestApp(env);
    for (const era of connect) clients.set(era, await era.connect(app.mcpUrl));
  });
  after(async () => {
    for (const client of clients.values()) await client.close();
    await app?.stop();
  });
  const clientOf = (era: Era): TestClient => clients.get(era) ?? fail(`no ${era.name} client connected`);
  return {
    get app() {
      return app ?? fail("the app starts in the suite's before hook");
    },
    get client() {
      return clientOf(connect[0]!);
    },
    clientOf,
  };
}

/** One suite per protocol era, `${subject} over <era>`, each over its own fresh app and client. */
export function describeEachEra(subject: string, define: (mcp: McpSession, era: Era) => void): void {
  for (const era of eras) {
    describe(`${subject} over ${era.name}`, () => define(useMcpSession([era]), era));
  }
}

function fail(message: string): never {
  throw new Error(message);
}
