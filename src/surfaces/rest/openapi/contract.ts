// Builds the OpenAPI 3.1 contract of one mount (/agent or /agent/vN) from the operations' zod
// schemas, so the served contract cannot drift from what the routes validate.
import type { Config } from '../../../config/config.ts';
import { describeBytes, describeRatePolicy } from '../../../domain/limit-wording.ts';
import { auditPolicy, contactPolicy, generalPolicy } from '../../../domain/rate-limit/rate-limit.ts';
import { bodyLimitBytes } from '../../../http/error-reply.ts';
import type { Capability } from '../../../capabilities/capability.ts';
import { capabilityTag, versionOperations } from '../capability-operations.ts';
import type { ApiVersion, Mount, Operation } from '../operation.ts';
import { errorResponseSchema, rateLimitedSchema, validationErrorSchema } from '../../../http/error-body.ts';
import { responseHeaders, type ResponseHeaderName } from './components.ts';
import { createSchemaCollector, type SchemaCollector, type SchemaObject } from './json-schema.ts';
import { versioningPolicy } from './versioning-policy.ts';

export interface ContractOptions {
  config: Config;
  mount: Mount;
  versions: readonly ApiVersion[];
  current: ApiVersion;
  /** The agency as the content describes it (its `describedAs`, e.g. "a retail growth consultancy"; default "an agency"). */
  describedAs?: string;
  /** The catalogue, whose routed capabilities the version serves (src/capabilities). */
  capabilities?: readonly Capability[];
}

const everyResponse: ResponseHeaderName[] = [
  'API-Version',
  'RateLimit-Policy',
  'RateLimit',
  'RateLimit-Limit',
  'RateLimit-Remaining',
  'RateLimit-Reset',
  'Deprecation',
  'Sunset',
  'Link',
];
// Headers whose response always carries them (the others are conditional).
const alwaysPresent = new Set<ResponseHeaderName>(['API-Version', 'Retry-After', 'Allow']);

const errorDescriptions: Record<number, string> = {
  400: 'The request is invalid; every failing field is listed.',
  401: 'No accepted key was sent (WWW-Authenticate: Bearer); send Authorization: Bearer <key>.',
  405: 'Method not supported on this path; see Allow.',
  409: 'Idempotency-Key reused with a different body, or its first request is still in flight.',
  413: `The request body is larger than ${describeBytes(bodyLimitBytes)}.`,
  415: 'The body is not application/json.',
  429: 'Rate limit exceeded; retry after Retry-After seconds.',
  500: 'Internal error.',
  502: "Something beyond this service failed: an enquiry could not be recorded (the database is unreachable; nothing was accepted), or an audited site's home page did not answer.",
};

/** The security scheme of operations whose capability takes a key (they answer 401 without one). */
const bearerScheme = 'bearerKey';
const takesKey = (operation: Operation): boolean => operation.errors.includes(401);

export function buildContract(options: ContractOptions): Record<string, unknown> {
  const { config, mount } = options;
  const schemas = createSchemaCollector();
  const deprecated = mount.version.sunset(config) !== undefined;
  const paths: Record<string, Record<string, unknown>> = {};
  const operations = versionOperations(mount.version, options.capabilities ?? []);
  for (const operation of operations) {
    const path = `${mount.basePath}${operation.path}`;
    paths[path] = { ...paths[path], [operation.method.toLowerCase()]: operationObject(operation, schemas, deprecated) };
  }
  const headers = Object.fromEntries(
    Object.entries(responseHeaders).map(([name, doc]) => [
      name,
      {
        description: doc.description,
        ...(alwaysPresent.has(name as ResponseHeaderName) ? { required: true } : {}),
        schema: doc.schema,
      },
    ]),
  );
  const pinned = mount.basePath !== '/agent';
  return {
    openapi: '3.1.1',
    info: {
      title: pinned ? `Agent API v${mount.version.version} (pinned)` : 'Agent API',
      version: `${mount.version.version}.0.0`,
      summary: 'Anonymous REST API of the agency site: health, contact enquiries, case-study index.',
      description: description(options, deprecated),
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      contact: { url: `${config.baseUrl}/developers` },
    },
    servers: [{ url: config.baseUrl, description: 'This service' }],
    security: [],
    tags: [
      { name: 'Service', description: 'Health of the service.' },
      { name: 'Enquiries', description: 'Contact enquiries for the agency.' },
      { name: 'Case studies', description: 'Index of client case studies.' },
      { name: 'Identity', description: 'Anonymous agent registration (no credential is issued).' },
      { name: 'Audits', description: 'Agent-readiness audits of any public site.' },
      { name: capabilityTag, description: "Capabilities of the agency's catalogue that declare a REST route." },
    ].filter((tag) => operations.some((operation) => operation.tag === tag.name)),
    paths,
    components: {
      schemas: schemas.components(),
      headers,
      // Only a contract with an operation that takes a key declares how to send one.
      ...(operations.some(takesKey) && { securitySchemes: { [bearerScheme]: { type: 'http', scheme: 'bearer' } } }),
    },
    'x-versioning-policy': versioningPolicy(options.versions, options.current),
  };
}

function operationObject(operation: Operation, schemas: SchemaCollector, deprecated: boolean): Record<string, unknown> {
  const parameters: Record<string, unknown>[] = [];
  for (const header of operation.requestHeaders ?? []) {
    parameters.push({
      name: header.name,
      in: 'header',
      required: false,
      description: header.description,
      schema: schemas.schema(header.schema, 'input'),
    });
  }
  if (operation.query) {
    const query = schemas.schema(operation.query, 'input') as {
      properties?: Record<string, SchemaObject>;
      required?: string[];
    };
    for (const [name, schema] of Object.entries(query.properties ?? {})) {
      const { description: text, ...rest } = schema;
      parameters.push({
        name,
        in: 'query',
        required: query.required?.includes(name) ?? false,
        description: text,
        schema: rest,
      });
    }
  }
  const responses: Record<string, unknown> = {
    [String(operation.success.status)]: response(
      operation.success.description,
      schemas.schema(operation.success.schema, 'output'),
      [...everyResponse, ...(operation.success.headers ?? [])],
    ),
  };
  for (const status of [...new Set([...operation.errors, 405, 429, 500])].sort()) {
    const schema = status === 400 ? validationErrorSchema : status === 429 ? rateLimitedSchema : errorResponseSchema;
    const extra: ResponseHeaderName[] = status === 429 ? ['Retry-After'] : status === 405 ? ['Allow'] : [];
    responses[String(status)] = response(errorDescriptions[status] ?? 'Error.', schemas.schema(schema, 'output'), [
      ...everyResponse,
      ...extra,
    ]);
  }
  return {
    operationId: operation.operationId,
    summary: operation.summary,
    description: operation.description,
    tags: [operation.tag],
    deprecated,
    security: takesKey(operation) ? [{ [bearerScheme]: [] }] : [],
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(operation.requestBody
      ? {
          requestBody: {
            required: true,
            description: operation.requestBody.description,
            content: { 'application/json': { schema: schemas.schema(operation.requestBody.schema, 'input') } },
          },
        }
      : {}),
    responses,
  };
}

function response(
  description: string,
  schema: SchemaObject,
  headerNames: ResponseHeaderName[],
): Record<string, unknown> {
  const headers = Object.fromEntries(headerNames.map((name) => [name, { $ref: `#/components/headers/${name}` }]));
  return { description, headers, content: { 'application/json': { schema } } };
}

function description(options: ContractOptions, deprecated: boolean): string {
  const { config, mount } = options;
  const sunset = mount.version.sunset(config);
  const lines = [
    `Anonymous REST API of ${options.describedAs ?? 'an agency'}: a health check, contact enquiries and a paginated case-study index.`,
    'Every response is JSON and carries `API-Version` and the rate-limit headers (draft-ietf-httpapi-ratelimit-headers).',
    `Limits per client IP (IPv6 per /56): contact ${describeRatePolicy(contactPolicy)}; audits ${describeRatePolicy(auditPolicy)}; every /agent and /api request, contact included, shares ${describeRatePolicy(generalPolicy)}.`,
    `Versioning: the major version is in the path. \`/agent/...\` mirrors the current version (v${options.current.version}); pin with \`/agent/v${mount.version.version}/...\`. A breaking change ships as a new major path alongside; deprecation is announced at least 90 days ahead with \`Deprecation\` and \`Sunset\` headers, here, in /llms.txt and on /developers.`,
  ];
  if (deprecated && sunset) {
    lines.push(
      `**Deprecated:** version ${mount.version.version} retires on ${sunset.toUTCString()}. See ${config.baseUrl}/developers#versioning.`,
    );
  }
  return lines.join('\n\n');
}
