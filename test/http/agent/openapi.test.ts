import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { before, describe, it } from 'node:test';
import { checkIds } from '../../../src/audit/report.ts';
import { loadConfig } from '../../../src/config/config.ts';
import { contactEnquirySchema } from '../../../src/domain/enquiries/schema.ts';
import type { ApiVersion } from '../../../src/surfaces/rest/operation.ts';
import { v1 } from '../../../src/surfaces/rest/v1/index.ts';
import { buildContract } from '../../../src/surfaces/rest/openapi/contract.ts';
import { startTestApp, type TestApp } from '../../helpers/app.ts';
import { startRecordedApp, type ApiClient } from './contract-recorder.ts';

const run = promisify(execFile);

async function redoclyLint(document: unknown): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentsite-openapi-'));
  const file = path.join(dir, 'openapi.json');
  fs.writeFileSync(file, JSON.stringify(document));
  const { stdout, stderr } = await run('node_modules/.bin/redocly', ['lint', file], {
    env: { ...process.env, REDOCLY_TELEMETRY: 'off' },
  });
  return stdout + stderr;
}

describe('the OpenAPI contracts', () => {
  let api: ApiClient;
  let alias: any;
  let pinned: any;
  startRecordedApp({ BASE_URL: 'https://verto.example' }, (_started, client) => {
    api = client;
  });
  before(async () => {
    alias = (await api.request('GET', '/agent/openapi.json')).body;
    pinned = (await api.request('GET', '/agent/v1/openapi.json')).body;
  });

  it('are OpenAPI 3.1 documents served as JSON with API-Version', async () => {
    const response = await api.request('GET', '/agent/openapi.json');
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /^application\/json/);
    assert.equal(response.headers.get('api-version'), '1');
    assert.match(alias.openapi, /^3\.1\./);
    assert.match(pinned.openapi, /^3\.1\./);
  });

  it('describe every operation with its operation id, not deprecated, at both mounts', () => {
    const ids = (doc: any, prefix: string): Record<string, string> =>
      Object.fromEntries(
        Object.entries(doc.paths).flatMap(([p, item]: [string, any]) =>
          Object.entries(item).map(([method, op]: [string, any]) => {
            assert.equal(op.deprecated, false);
            return [op.operationId, `${method.toUpperCase()} ${p.replace(prefix, '')}`];
          }),
        ),
      );
    const expected = {
      getHealth: 'GET /health',
      submitEnquiry: 'POST /contact',
      listCaseStudies: 'GET /case-studies',
      registerIdentity: 'POST /identity',
      auditSite: 'POST /audits',
    };
    assert.deepEqual(ids(alias, '/agent'), expected);
    assert.deepEqual(ids(pinned, '/agent/v1'), expected);
  });

  it('declares the versioning policy with its six fields', () => {
    const policy = alias['x-versioning-policy'];
    assert.deepEqual(Object.keys(policy).sort(), [
      'current_version',
      'deprecation_process',
      'pinned_version_paths',
      'recommended_integration_path',
      'scheme',
      'version_response_header',
    ]);
    assert.equal(policy.scheme, 'url-path-major-version');
    assert.equal(policy.current_version, '1');
    assert.equal(policy.recommended_integration_path, '/agent');
    assert.deepEqual(policy.pinned_version_paths, { 1: '/agent/v1' });
    assert.equal(policy.version_response_header, 'API-Version');
    assert.deepEqual(pinned['x-versioning-policy'], policy);
  });

  it('document every response and header of the contact operation', () => {
    const op = alias.paths['/agent/contact'].post;
    assert.deepEqual(Object.keys(op.responses).sort(), ['202', '400', '405', '409', '413', '415', '429', '500', '502']);
    assert.ok(op.responses['202'].headers['Idempotent-Replayed']);
    for (const name of [
      'API-Version',
      'RateLimit-Limit',
      'RateLimit-Remaining',
      'RateLimit-Reset',
      'RateLimit',
      'RateLimit-Policy',
      'Deprecation',
      'Sunset',
    ]) {
      assert.ok(op.responses['202'].headers[name], name);
    }
    assert.ok(op.responses['429'].headers['Retry-After']);
    assert.ok(alias.paths['/agent/health'].get.responses['405'].headers.Allow);
    assert.deepEqual(
      op.parameters.map((p: any) => p.name),
      ['Idempotency-Key'],
    );
    assert.equal(op.parameters[0].schema.maxLength, 200);
  });

  it("document the audit operation: its report with each check's id, Location, the busy 429 and the unreachable 502", () => {
    const op = alias.paths['/agent/audits'].post;
    assert.deepEqual(Object.keys(op.responses).sort(), ['201', '400', '405', '413', '415', '429', '500', '502']);
    assert.ok(op.responses['201'].headers.Location);
    assert.equal(op.requestBody.content['application/json'].schema.properties.url.maxLength, 2048);
    const check = alias.components.schemas.AuditReport.properties.checks.items;
    assert.deepEqual(check.required, ['id', 'status', 'message', 'evidence', 'fix']);
    assert.deepEqual(check.properties.id.enum, [...checkIds], 'every check id, in report order');
  });

  it('take field bounds from the zod schema that validates requests', () => {
    const body = alias.components.schemas.ContactEnquiry;
    const shape = contactEnquirySchema.shape;
    assert.equal(body.additionalProperties, false);
    assert.deepEqual(body.required.sort(), ['fromEmail', 'fromName', 'message']);
    assert.equal(body.properties.fromName.maxLength, shape.fromName.maxLength);
    assert.equal(body.properties.message.minLength, shape.message.minLength);
    assert.equal(body.properties.message.maxLength, 2000);
    assert.equal(body.properties.topic.default, 'general');
    const limit = alias.paths['/agent/case-studies'].get.parameters.find((p: any) => p.name === 'limit');
    assert.deepEqual([limit.schema.minimum, limit.schema.maximum, limit.schema.default], [1, 50, 10]);
  });

  it('pass redocly lint with no errors', async () => {
    for (const doc of [alias, pinned]) {
      const output = await redoclyLint(doc);
      assert.match(output, /Your API description is valid/);
      assert.doesNotMatch(output, /error/i);
    }
  });

  it('grow with a v2 module without any change to v1', () => {
    const config = loadConfig({ BASE_URL: 'https://verto.example' });
    const before = buildContract({
      config,
      mount: { basePath: '/agent/v1', version: v1 },
      versions: [v1],
      current: v1,
    });
    const v2: ApiVersion = { version: '2', operations: v1.operations, sunset: () => undefined };
    const versions = [v1, v2];
    const afterV2 = buildContract({ config, mount: { basePath: '/agent/v1', version: v1 }, versions, current: v2 });
    assert.deepEqual(afterV2.paths, before.paths);
    assert.deepEqual((afterV2['x-versioning-policy'] as any).pinned_version_paths, { 1: '/agent/v1', 2: '/agent/v2' });
    const v2Contract = buildContract({ config, mount: { basePath: '/agent/v2', version: v2 }, versions, current: v2 });
    assert.ok((v2Contract.paths as any)['/agent/v2/health']);
  });
});

describe('deprecation (API_V1_SUNSET set)', () => {
  let app: TestApp;
  let api: ApiClient;
  const sunset = new Date(Date.now() + 200 * 86_400_000);
  startRecordedApp(
    { BASE_URL: 'https://verto.example', API_V1_SUNSET: sunset.toISOString().slice(0, 10) },
    (started, client) => {
      app = started;
      api = client;
    },
  );

  it('adds Deprecation, Sunset and Link to every v1 and alias response, errors included', async () => {
    const requests = [
      ['GET', '/agent/health'],
      ['GET', '/agent/v1/health'],
      ['GET', '/agent/v1/nope'],
      ['DELETE', '/agent/health'],
      ['GET', '/agent/v1/%zz'],
    ] as const;
    for (const [method, path] of requests) {
      const response = await api.request(method, path);
      assert.match(response.headers.get('deprecation') ?? '', /^@\d+$/, path);
      assert.ok(Number(response.headers.get('deprecation')!.slice(1)) <= Date.now() / 1000);
      assert.equal(
        response.headers.get('sunset'),
        new Date(`${sunset.toISOString().slice(0, 10)}T00:00:00Z`).toUTCString(),
      );
      assert.match(response.headers.get('link') ?? '', /rel="deprecation".*rel="sunset"/);
    }
  });

  it('keeps the same Deprecation instant across a restart on the same database', async () => {
    const first = (await api.request('GET', '/agent/health')).headers.get('deprecation');
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const again = await startTestApp({
      DATABASE_URL: app.databaseUrl,
      API_V1_SUNSET: sunset.toISOString().slice(0, 10),
    });
    try {
      const response = await fetch(`${again.baseUrl}/agent/health`);
      assert.equal(response.headers.get('deprecation'), first);
    } finally {
      await again.stop();
    }
  });

  it('marks every operation deprecated and announces the date in the contract', async () => {
    for (const path of ['/agent/openapi.json', '/agent/v1/openapi.json']) {
      const doc = (await api.request('GET', path)).body;
      for (const item of Object.values(doc.paths) as any[]) {
        for (const op of Object.values(item) as any[]) assert.equal(op.deprecated, true);
      }
      assert.match(doc.info.description, /Deprecated/);
    }
  });
});
