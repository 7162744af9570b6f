// A2A 1.0's `tenant` with many sites (SITES_DIR), through the official A2A SDK client on real
// sockets: each site's card names its own tenant (its host) on its 1.0 interfaces, and the client,
// which then sends it with every request (JSON-RPC params, HTTP+JSON path prefix), is served on both
// bindings; a request naming another site's tenant, or one no site has, is refused alike with
// InvalidParams; a task made on one site is found on no other.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ClientFactory, ClientFactoryOptions, type Client } from '@a2a-js/sdk/client';
import type { RunningApp } from '../../src/app/app.ts';
import { ask, send } from '../a2a/agent.ts';
import { freePorts } from '../helpers/app.ts';
import { answerTestHostsLocally } from './local-hosts.ts';
import { addSite, makeSitesDir, siteFolders, startSites } from './sites-folder.ts';

answerTestHostsLocally();

const hosts = { verto: 'verto.test', hafen: 'hafen.test' } as const;
type Interface = { url: string; protocolBinding: string; protocolVersion: string; tenant?: string };

describe('A2A tenants of many sites', () => {
  let app: RunningApp;
  let port: number;
  const base = (host: string): string => `http://${host}:${port}`;
  const clientOf = (host: string, binding: 'JSONRPC' | 'HTTP+JSON'): Promise<Client> => {
    const options = ClientFactoryOptions.createFrom(ClientFactoryOptions.default, { preferredTransports: [binding] });
    return new ClientFactory(options).createFromUrl(base(host));
  };
  const rpc = async (host: string, params: Record<string, unknown>) => {
    const response = await fetch(`${base(host)}/a2a`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'a2a-version': '1.0' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'SendMessage', params }),
    });
    return (await response.json()) as { result?: { task?: unknown }; error?: { code: number; message: string } };
  };
  const restSend = async (host: string, path: string, body: Record<string, unknown>) => {
    const response = await fetch(`${base(host)}/a2a/rest${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'a2a-version': '1.0' },
      body: JSON.stringify(body),
    });
    return {
      status: response.status,
      body: (await response.json()) as { error?: { status: string; message: string } },
    };
  };
  let counter = 0;
  const question = (text: string) => ({
    message: { messageId: `tenant-${++counter}`, role: 'ROLE_USER', parts: [{ text }] },
  });

  before(async () => {
    const [sitePort, mcpPort] = (await freePorts(2)) as [number, number];
    port = sitePort;
    const sitesDir = makeSitesDir();
    addSite(sitesDir, 'verto', siteFolders.verto, `hosts: [${hosts.verto}]\nbaseUrl: ${base(hosts.verto)}`);
    addSite(sitesDir, 'hafen', siteFolders.hafenwerk, `hosts: [${hosts.hafen}]\nbaseUrl: ${base(hosts.hafen)}`);
    app = await startSites(sitesDir, [port, mcpPort]);
  });
  after(() => app?.stop());

  it('names each site’s tenant, its host, on the card’s 1.0 interfaces', async () => {
    for (const host of Object.values(hosts)) {
      const card = (await (await fetch(`${base(host)}/.well-known/agent-card.json`)).json()) as {
        supportedInterfaces: Interface[];
      };
      assert.deepEqual(
        card.supportedInterfaces.map((i) => [i.protocolBinding, i.protocolVersion, i.tenant]),
        [
          ['JSONRPC', '1.0', host],
          ['HTTP+JSON', '1.0', host],
          ['JSONRPC', '0.3', undefined],
        ],
      );
    }
  });

  it('serves the SDK client, which sends the card’s tenant, on both bindings, and requests with no tenant', async () => {
    for (const binding of ['JSONRPC', 'HTTP+JSON'] as const) {
      const client = await clientOf(hosts.hafen, binding);
      const task = await send(client, ask('Mittelstand'));
      assert.ok(JSON.stringify(task.artifacts).includes(hosts.hafen), `${binding} answers as hafen`);
    }
    assert.ok((await rpc(hosts.verto, question('pipeline'))).result?.task, 'JSON-RPC without a tenant');
    assert.equal((await restSend(hosts.verto, '/message:send', question('pipeline'))).status, 200);
    assert.ok((await rpc(hosts.verto, { ...question('pipeline'), tenant: hosts.verto })).result?.task);
    assert.equal((await restSend(hosts.verto, `/${hosts.verto}/message:send`, question('pipeline'))).status, 200);
  });

  it('refuses another site’s tenant, and one no site has, alike with InvalidParams on both bindings', async () => {
    for (const tenant of [hosts.hafen, 'nowhere.test']) {
      const viaRpc = await rpc(hosts.verto, { ...question('pipeline'), tenant });
      assert.equal(viaRpc.error?.code, -32602, JSON.stringify(viaRpc));
      assert.match(viaRpc.error?.message ?? '', new RegExp(`Tenant "${tenant}" is not served here`));
      const viaPath = await restSend(hosts.verto, `/${tenant}/message:send`, question('pipeline'));
      assert.equal(viaPath.status, 400);
      assert.equal(viaPath.body.error?.status, 'INVALID_ARGUMENT');
      const viaBody = await restSend(hosts.verto, '/message:send', { ...question('pipeline'), tenant });
      assert.equal(viaBody.status, 400);
      const mixed = await restSend(hosts.verto, `/${hosts.verto}/message:send`, { ...question('pipeline'), tenant });
      assert.equal(mixed.status, 400, 'a body naming another tenant under the own prefix');
    }
    const client = await clientOf(hosts.verto, 'JSONRPC');
    await assert.rejects(client.sendMessage({ ...ask('pipeline'), tenant: hosts.hafen }), {
      name: 'RequestMalformedError',
    });
    const rest = await clientOf(hosts.verto, 'HTTP+JSON');
    await assert.rejects(client.getTask({ id: 'any', tenant: hosts.hafen, historyLength: undefined }), {
      name: 'RequestMalformedError',
    });
    await assert.rejects(rest.getTask({ id: 'any', tenant: hosts.hafen, historyLength: undefined }), {
      name: 'RequestMalformedError',
    });
  });

  it('finds a task on its own site only, whatever the binding', async () => {
    const verto = await clientOf(hosts.verto, 'JSONRPC');
    const task = await send(verto, ask('pipeline'));
    for (const binding of ['JSONRPC', 'HTTP+JSON'] as const) {
      const own = await clientOf(hosts.verto, binding);
      assert.equal((await own.getTask({ id: task.id, tenant: '', historyLength: undefined })).id, task.id);
      const other = await clientOf(hosts.hafen, binding);
      await assert.rejects(other.getTask({ id: task.id, tenant: '', historyLength: undefined }), {
        name: 'TaskNotFoundError',
      });
      const listed = await other.listTasks({
        tenant: '',
        contextId: task.contextId,
        status: 0,
        pageToken: '',
        statusTimestampAfter: undefined,
        includeArtifacts: false,
      });
      assert.deepEqual(listed.tasks, [], `${binding}: the other site lists none of its tasks`);
    }
  });
});
