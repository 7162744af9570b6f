// A capability's route declares its REST operation once: the contract's names, the published request
// and the headers it reads, how they make the capability's input, and the answer's status, body and
// headers. The router, the contract and validation read that one declaration, and the call runs
// through the one call pipeline (counted per surface).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import * as z from 'zod';
import {
  defineCapability,
  noAuthentication,
  readHints,
  type Capability,
} from '../../../src/capabilities/capability.ts';
import type { CatalogDeps } from '../../../src/capabilities/deps.ts';
import { loadConfig } from '../../../src/config/config.ts';
import { idempotencyHeader, parseIdempotencyKey } from '../../../src/domain/idempotency.ts';
import { AppError, invalidRequest } from '../../../src/kernel/errors.ts';
import { buildContract } from '../../../src/surfaces/rest/openapi/contract.ts';
import { v1 } from '../../../src/surfaces/rest/v1/index.ts';
import type { TestApp } from '../../helpers/app.ts';
import { sample, scrapeMetrics } from '../../helpers/metrics.ts';
import { startRecordedApp, type ApiClient } from './contract-recorder.ts';

const note = z.string().trim().min(1).max(100).describe('What to file.');

/** Files a note; its route publishes less than the capability's output and reads a header into its input. */
function fileNote({ config }: Pick<CatalogDeps, 'config'>, headers?: Record<string, () => undefined>): Capability {
  return defineCapability({
    key: 'fileNote',
    name: 'service_file_note',
    title: 'File a note',
    description: 'Files a note and says where it is kept.',
    input: z.strictObject({ note, ticket: z.string().max(200).optional().describe('Names a repeat.') }),
    output: z.object({ id: z.string(), note: z.string(), ticket: z.string().optional(), internal: z.string() }),
    budget: 'read',
    authentication: noAuthentication,
    hints: readHints,
    a2aSkill: false,
    stable: false,
    examples: [{ note: 'hello' }],
    prompts: [],
    tags: ['test'],
    route: {
      method: 'POST',
      path: '/notes',
      contract: { operationId: 'fileNote', summary: 'File a note', description: 'Files a note.', tag: 'Capabilities' },
      request: { schema: z.strictObject({ note }).meta({ id: 'NoteRequest' }), description: 'The note.' },
      headers: [
        { name: idempotencyHeader, description: 'Names a repeat.', schema: z.string(), read: parseIdempotencyKey },
      ],
      input: (body, read) => ({ ...(body as object), ticket: read[idempotencyHeader] }),
      success: {
        status: 201,
        description: 'Filed.',
        body: z.object({ id: z.string(), note: z.string() }).meta({ id: 'FiledNote' }),
        headers: headers ?? {
          Location: (result) => result.keptAt,
          'Idempotent-Replayed': (result) => (result.structured.ticket === undefined ? undefined : 'true'),
        },
      },
      errors: [400, 413, 415, 502],
      refusal: (error) => (error.cause instanceof AppError ? error.cause : error),
    },
    handle: (input) => {
      if (input.note === 'offline') {
        const refusal = invalidRequest([{ field: 'note', message: 'cannot be filed now' }]);
        refusal.cause = new AppError('upstream_error', 'The note store did not answer.');
        throw refusal;
      }
      return {
        structured: { id: 'n1', note: input.note, ticket: input.ticket, internal: 'not published' },
        text: `Filed ${input.note}.`,
        keptAt: `${config.baseUrl}/notes/n1`,
      };
    },
  });
}

describe('a capability served by its route', () => {
  let app: TestApp;
  let api: ApiClient;
  startRecordedApp(
    { METRICS_PORT: '0' },
    (started, client) => {
      app = started;
      api = client;
    },
    { capabilities: (deps) => [fileNote(deps)] },
  );

  it('answers with the route status, the published body and the headers made from the result', async () => {
    const filed = await api.post('/agent/notes', { note: ' hello ' });
    assert.equal(filed.status, 201);
    assert.equal(filed.text, '{"id":"n1","note":"hello"}');
    assert.equal(filed.headers.get('location'), `${app.app.services.config.baseUrl}/notes/n1`);
    assert.equal(filed.headers.get('idempotent-replayed'), null);
    const repeat = await api.post('/agent/v1/notes', { note: 'hello' }, { [idempotencyHeader]: '"t-1"' });
    assert.equal(repeat.status, 201);
    assert.equal(repeat.headers.get('idempotent-replayed'), 'true', 'the header read reached the input');
  });

  it('validates the published request with the headers, listing every failing one in one 400', async () => {
    const both = await api.post('/agent/notes', { note: '', extra: 1 }, { [idempotencyHeader]: '' });
    assert.equal(both.status, 400);
    assert.deepEqual(both.body.errors, [
      { field: 'Idempotency-Key', message: 'must be 1 to 200 characters' },
      { field: 'note', message: 'must not be empty' },
      { field: 'extra', message: 'is not a known field' },
    ]);
    // The capability takes a ticket, but the published body has none: it comes from the header only.
    const unpublished = await api.post('/agent/notes', { note: 'hello', ticket: 't-2' });
    assert.deepEqual(unpublished.body.errors, [{ field: 'ticket', message: 'is not a known field' }]);
  });

  it("answers a refusal as the route says REST answers it (the failure behind agents' input error)", async () => {
    const refused = await api.post('/agent/notes', { note: 'offline' });
    assert.equal(refused.status, 502);
    assert.deepEqual(refused.body, { status: 'upstream_error', message: 'The note store did not answer.' });
  });

  it('is in both contracts as declared, after the operations of the version', async () => {
    for (const base of ['/agent', '/agent/v1']) {
      const contract = (await api.request('GET', `${base}/openapi.json`)).body;
      assert.equal(Object.keys(contract.paths).at(-1), `${base}/notes`);
      const operation = contract.paths[`${base}/notes`].post;
      assert.deepEqual(
        [operation.operationId, operation.summary, operation.tags],
        ['fileNote', 'File a note', ['Capabilities']],
      );
      assert.deepEqual(
        operation.parameters.map((p: { name: string; in: string }) => `${p.in} ${p.name}`),
        ['header Idempotency-Key'],
      );
      assert.deepEqual(operation.requestBody.content['application/json'].schema, {
        $ref: '#/components/schemas/NoteRequest',
      });
      const created = operation.responses['201'];
      assert.deepEqual(created.content['application/json'].schema, { $ref: '#/components/schemas/FiledNote' });
      assert.ok(created.headers.Location && created.headers['Idempotent-Replayed']);
      assert.deepEqual(Object.keys(contract.components.schemas.FiledNote.properties), ['id', 'note']);
    }
  });

  it('runs the call through the call pipeline, which counts it under the rest surface', async () => {
    const series = 'agentsite_capability_calls_total{capability="service_file_note",surface="rest",outcome="ok"}';
    const before = sample(await scrapeMetrics(app.app.metrics!.port), series) ?? 0;
    await api.post('/agent/notes', { note: 'counted' });
    assert.equal(sample(await scrapeMetrics(app.app.metrics!.port), series), before + 1);
  });
});

describe('a route', () => {
  it('may only answer headers the contract describes', () => {
    const config = loadConfig({ BASE_URL: 'https://verto.example' });
    const capability = fileNote({ config }, { 'X-Note-Id': () => undefined });
    const build = (): unknown =>
      buildContract({
        config,
        mount: { basePath: '/agent', version: v1 },
        versions: [v1],
        current: v1,
        capabilities: [capability],
      });
    assert.throws(build, /service_file_note answers X-Note-Id, a header the contract does not describe/);
  });
});
