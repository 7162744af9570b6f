// A fetch wrapper for the REST tests that records every /agent response, and a check that each one
// matches the contract the app serves (status documented, body schema, header schemas, required
// headers). Each test file calls assertRecordedMatchContract() in its `after` hook.
import assert from 'node:assert/strict';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { after, before } from 'node:test';
import type { ServiceOverrides } from '../../../src/app/services.ts';
import { startTestApp, type TestApp } from '../../helpers/app.ts';

// ajv-formats is CommonJS; under ESM its plugin function sits on `.default`.
const addFormats = addFormatsModule.default;

export interface RecordedResponse {
  method: string;
  path: string;
  status: number;
  headers: Headers;
  text: string;
}

export interface ApiResponse {
  status: number;
  headers: Headers;
  text: string;
  /** The parsed JSON body (undefined when there is none). */
  body: any;
}

export interface ApiClient {
  /** Sends a request to the app and records the response. */
  request(method: string, path: string, init?: RequestInit): Promise<ApiResponse>;
  /** POSTs `body` as JSON (a string is sent as is). */
  post(path: string, body: unknown, headers?: Record<string, string>): Promise<ApiResponse>;
  recorded: RecordedResponse[];
  /** Checks every recorded /agent response against the contracts served by the app. */
  assertRecordedMatchContract(): Promise<void>;
}

export function apiClient(baseUrl: string): ApiClient {
  const recorded: RecordedResponse[] = [];
  const request = async (method: string, path: string, init: RequestInit = {}): Promise<ApiResponse> => {
    const response = await fetch(`${baseUrl}${path}`, { ...init, method });
    const text = await response.text();
    if (path.startsWith('/agent'))
      recorded.push({ method, path, status: response.status, headers: response.headers, text });
    let body: unknown;
    if (text !== '' && response.headers.get('content-type')?.startsWith('application/json')) body = JSON.parse(text);
    return { status: response.status, headers: response.headers, text, body };
  };
  return {
    request,
    post: (path, body, headers = {}) =>
      request('POST', path, {
        headers: { 'content-type': 'application/json', ...headers },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      }),
    recorded,
    assertRecordedMatchContract: () => checkAgainstContract(baseUrl, recorded),
  };
}

interface Contract {
  paths: Record<string, Record<string, { responses: Record<string, ResponseObject> }>>;
  components: { headers: Record<string, { required?: boolean; schema: object }> };
}
interface ResponseObject {
  headers?: Record<string, { $ref: string }>;
  content?: Record<string, { schema: object }>;
}

async function checkAgainstContract(baseUrl: string, recorded: RecordedResponse[]): Promise<void> {
  const contracts: Contract[] = [];
  for (const path of ['/agent/openapi.json', '/agent/v1/openapi.json']) {
    contracts.push((await (await fetch(`${baseUrl}${path}`)).json()) as Contract);
  }
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  for (const [i, contract] of contracts.entries()) ajv.addSchema(contract, `contract${i}`);
  const problems: string[] = [];
  for (const response of recorded) {
    const where = `${response.method} ${response.path} → ${response.status}`;
    const path = response.path.split('?')[0]!;
    const index = contracts.findIndex((contract) => contract.paths[path]);
    const json = response.headers.get('content-type')?.startsWith('application/json') ?? false;
    if (!response.headers.get('api-version')) problems.push(`${where}: no API-Version`);
    if (response.method === 'OPTIONS' && response.status === 204) continue;
    if (response.method !== 'HEAD' && !json) problems.push(`${where}: not JSON`);
    if (index === -1 || path.endsWith('/openapi.json')) {
      // Paths outside the contract (unknown paths, the contracts themselves): errors must still be ErrorResponse.
      if (response.status >= 400 && response.method !== 'HEAD') {
        const component =
          response.status === 400 ? 'ValidationError' : response.status === 429 ? 'RateLimited' : 'ErrorResponse';
        validate(ajv, `contract0#/components/schemas/${component}`, JSON.parse(response.text), where, problems);
      }
      continue;
    }
    const contract = contracts[index]!;
    const method = response.method === 'HEAD' ? 'get' : response.method.toLowerCase();
    const operation = contract.paths[path]![method];
    const methods = Object.keys(contract.paths[path]!);
    const documented =
      operation?.responses[String(response.status)] ??
      (response.status === 405 ? contract.paths[path]![methods[0]!]!.responses['405'] : undefined);
    if (!documented) {
      problems.push(`${where}: status not documented`);
      continue;
    }
    for (const [name, ref] of Object.entries(documented.headers ?? {})) {
      const header = contract.components.headers[ref.$ref.split('/').pop()!]!;
      const value = response.headers.get(name);
      if (value === null) {
        if (header.required) problems.push(`${where}: missing required header ${name}`);
        continue;
      }
      const schema = header.schema as { type?: string };
      validate(
        ajv,
        { ...header.schema },
        schema.type === 'integer' ? Number(value) : value,
        `${where} header ${name}`,
        problems,
      );
    }
    if (response.method === 'HEAD') continue;
    const pointer = `contract${index}#/paths/${pointerEscaped(path)}/${operation ? method : methods[0]}/responses/${response.status}/content/application~1json/schema`;
    validate(ajv, pointer, JSON.parse(response.text), where, problems);
  }
  assert.deepEqual(problems, [], `responses that do not match the contract:\n${problems.join('\n')}`);
  assert.ok(recorded.length > 0, 'no responses were recorded');
}

function pointerEscaped(path: string): string {
  return path.replaceAll('~', '~0').replaceAll('/', '~1');
}

function validate(ajv: Ajv2020, schema: string | object, value: unknown, where: string, problems: string[]): void {
  const check = typeof schema === 'string' ? ajv.compile({ $ref: schema }) : ajv.compile(schema);
  if (!check(value)) problems.push(`${where}: ${ajv.errorsText(check.errors)}`);
}

/**
 * Starts the app before the suite (with `env` on top of the test defaults) and, after it, checks
 * every recorded response against the contract and stops the app. `use` receives both.
 */
export function startRecordedApp(
  env: Record<string, string>,
  use: (app: TestApp, api: ApiClient) => void,
  overrides: ServiceOverrides = {},
): void {
  let app: TestApp | undefined;
  let api: ApiClient | undefined;
  before(async () => {
    app = await startTestApp(env, overrides);
    api = apiClient(app.baseUrl);
    use(app, api);
  });
  after(async () => {
    try {
      await api?.assertRecordedMatchContract();
    } finally {
      await app?.stop();
    }
  });
}
