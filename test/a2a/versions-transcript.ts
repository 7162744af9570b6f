// Prints what goes over the wire when an A2A 0.3 client (the 0.3 line of the official SDK) and an
// A2A 1.0 client (the current SDK) talk to the agent, then a task created through one instance and
// read through another. `node test/a2a/versions-transcript.ts [BASE_URL SECOND_BASE_URL]` runs it
// against two running instances on one database, or without arguments against two fresh local
// ones sharing a fresh database (PostgreSQL with AGENTSITE_TEST_STORE=postgres).
import {
  ClientFactory,
  ClientFactoryOptions,
  DefaultAgentCardResolver,
  JsonRpcTransportFactory as JsonRpcV1,
  RestTransportFactory as RestV1,
  type Client,
} from '@a2a-js/sdk/client';
import {
  ClientFactory as ClientFactoryV03,
  ClientFactoryOptions as OptionsV03,
  DefaultAgentCardResolver as ResolverV03,
  JsonRpcTransportFactory as JsonRpcV03,
} from 'a2a-sdk-v03/client';
import { freshDatabaseUrl, startTestApp, type TestApp } from '../helpers/app.ts';
import { ask } from './agent.ts';

const clip = (text: string, most = 420): string =>
  text.length > most ? `${text.slice(0, most)}… (${text.length} bytes)` : text;

/** A fetch that prints each exchange: method, URL, the A2A headers, the body, and the answer. */
const printingFetch: typeof fetch = async (input, init) => {
  const headers = new Headers(init?.headers);
  const shown = ['a2a-version', 'content-type'].map((name) => `${name}: ${headers.get(name) ?? '(none)'}`).join('; ');
  console.log(`> ${init?.method ?? 'GET'} ${String(input)}  [${shown}]`);
  if (init?.body) console.log(`  ${clip(String(init.body))}`);
  const response = await fetch(input, init);
  console.log(`< ${response.status} ${response.headers.get('content-type')}  ${clip(await response.clone().text())}\n`);
  return response;
};

async function v03Client(baseUrl: string): Promise<void> {
  console.log('=== A2A 0.3 client (@a2a-js/sdk 0.3, JSON-RPC)\n');
  const client = await new ClientFactoryV03(
    OptionsV03.createFrom(OptionsV03.default, {
      transports: [new JsonRpcV03({ fetchImpl: printingFetch })],
      cardResolver: new ResolverV03({ fetchImpl: printingFetch }),
    }),
  ).createFromUrl(baseUrl);
  const task = await client.sendMessage({
    message: {
      kind: 'message',
      messageId: `v03-${Date.now()}`,
      role: 'user',
      parts: [{ kind: 'text', text: 'fintech case studies' }],
    },
  });
  if (task.kind !== 'task') throw new Error('expected a task');
  await client.sendMessage({
    message: {
      kind: 'message',
      messageId: `v03-skill-${Date.now()}`,
      role: 'user',
      parts: [{ kind: 'data', data: { skill: 'service_get_contact', input: { detail: 'summary' } } }],
    },
  });
  await client.getTask({ id: task.id });
}

function v1Factory(preferred: 'JSONRPC' | 'HTTP+JSON'): ClientFactory {
  return new ClientFactory(
    ClientFactoryOptions.createFrom(ClientFactoryOptions.default, {
      transports: [new JsonRpcV1({ fetchImpl: printingFetch }), new RestV1({ fetchImpl: printingFetch })],
      cardResolver: new DefaultAgentCardResolver({ fetchImpl: printingFetch }),
      preferredTransports: [preferred],
    }),
  );
}

async function v1Client(baseUrl: string): Promise<void> {
  console.log('=== A2A 1.0 client (@a2a-js/sdk 1.x, JSON-RPC, then HTTP+JSON)\n');
  const client: Client = await v1Factory('JSONRPC').createFromUrl(baseUrl);
  const task = await client.sendMessage(ask('fintech case studies'));
  if (!('artifacts' in task)) throw new Error('expected a task');
  await client.getTask({ id: task.id, tenant: '', historyLength: undefined });
  await client.listTasks({
    tenant: '',
    contextId: task.contextId,
    status: 0,
    pageSize: 10,
    pageToken: '',
    statusTimestampAfter: undefined,
    includeArtifacts: false,
  });
  const rest = await v1Factory('HTTP+JSON').createFromUrl(baseUrl);
  await rest.getTask({ id: task.id, tenant: '', historyLength: undefined });
}

async function twoInstances(first: string, second: string): Promise<void> {
  console.log(`=== One task, two instances on one database: created through ${first}, read through ${second}\n`);
  const creator = await v1Factory('JSONRPC').createFromUrl(first);
  const task = await creator.sendMessage(ask('account-based marketing'));
  if (!('artifacts' in task)) throw new Error('expected a task');
  const reader = await v1Factory('JSONRPC').createFromUrl(second);
  await reader.getTask({ id: task.id, tenant: '', historyLength: undefined });
  await reader
    .getTask({ id: crypto.randomUUID(), tenant: '', historyLength: undefined })
    .catch((error: Error) => console.log(`  (an id it was not given: ${error.name})\n`));
}

const [firstUrl, secondUrl] = process.argv.slice(2);
let apps: TestApp[] = [];
if (!firstUrl || !secondUrl) {
  const databaseUrl = await freshDatabaseUrl();
  apps = [await startTestApp({ DATABASE_URL: databaseUrl }), await startTestApp({ DATABASE_URL: databaseUrl })];
  console.log(`(two local instances on ${databaseUrl.replace(/\/\/[^@/]*@/, '//')})\n`);
}
const [first, second] = apps.length > 0 ? apps.map((app) => app.app.services.config.baseUrl) : [firstUrl!, secondUrl!];
try {
  await v03Client(first!);
  await v1Client(first!);
  await twoInstances(first!, second!);
} finally {
  await Promise.all(apps.map((app) => app.stop()));
}
