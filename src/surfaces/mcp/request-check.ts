// Checks an MCP request before the SDK sees it, so every client mistake gets -32602 (or 400) with
// one plain line on both protocol eras: the params of the methods this server answers, checked with
// the SDK's own spec schemas (the SDK would otherwise answer -32603 with a raw schema dump); tool
// names that are not this server's own tools (`toString`, `__proto__` included); and a
// MCP-Protocol-Version header that is not a revision date, which is never quoted back.
import { specTypeSchemas, type SpecTypeName } from '@modelcontextprotocol/server';
import { refusal, type Refusal } from './errors.ts';

/** The request methods this server answers and the spec type of each. */
const requestTypes: Record<string, SpecTypeName> = {
  initialize: 'InitializeRequest',
  ping: 'PingRequest',
  'tools/list': 'ListToolsRequest',
  'tools/call': 'CallToolRequest',
  'resources/list': 'ListResourcesRequest',
  'resources/read': 'ReadResourceRequest',
  'resources/templates/list': 'ListResourceTemplatesRequest',
};

const invalidParams = -32602;
const revisionDate = /^\d{4}-\d{2}-\d{2}$/;

/** A 400 for an MCP-Protocol-Version header that is not a revision date, else undefined. */
export function checkProtocolVersion(header: string | string[] | undefined): Refusal | undefined {
  if (header === undefined || (typeof header === 'string' && revisionDate.test(header.trim()))) return undefined;
  return refusal(
    400,
    null,
    -32000,
    'Bad Request: the MCP-Protocol-Version header must be a protocol revision date (YYYY-MM-DD).',
  );
}

/** A -32602 answer for a request whose params or tool name are wrong, else undefined (serve it). */
export function checkRequest(message: unknown, toolNames: ReadonlySet<string>): Refusal | undefined {
  if (!isObject(message) || typeof message.method !== 'string' || !('id' in message)) return undefined;
  const id = typeof message.id === 'string' || typeof message.id === 'number' ? message.id : null;
  const type = Object.hasOwn(requestTypes, message.method) ? requestTypes[message.method] : undefined;
  if (type === undefined) return undefined;
  const result = specTypeSchemas[type]['~standard'].validate(message);
  if ('issues' in result && result.issues) {
    const issue = result.issues[0] as { path?: readonly PropertyKey[]; code?: string; expected?: string } | undefined;
    return refusal(200, id, invalidParams, `Invalid params: ${describeIssue(message, issue)}.`);
  }
  if (message.method === 'tools/call') {
    const name = (message.params as { name: string }).name;
    if (!toolNames.has(name)) {
      return refusal(200, id, invalidParams, `Tool ${clip(name)} not found; tools/list names the tools.`);
    }
  }
  return undefined;
}

/** "params.uri must be a string", "params is required", in words rather than a schema dump. */
function describeIssue(
  message: Record<string, unknown>,
  issue: { path?: readonly PropertyKey[]; code?: string; expected?: string } | undefined,
): string {
  const path = (issue?.path ?? []).map((part) =>
    typeof part === 'object' ? String((part as { key: unknown }).key) : String(part),
  );
  const field = path.length > 0 ? path.join('.') : 'the request';
  let value: unknown = message;
  for (const part of path) value = isObject(value) ? value[part] : undefined;
  if (value === undefined) return `${field} is required`;
  if (issue?.code === 'invalid_type' && issue.expected)
    return `${field} must be ${typeWords[issue.expected] ?? `a ${issue.expected}`}`;
  return `${field} is not valid for this method`;
}

const typeWords: Record<string, string> = {
  object: 'an object',
  record: 'an object',
  array: 'an array',
  string: 'a string',
  number: 'a number',
  int: 'an integer',
  boolean: 'true or false',
};

function clip(value: string): string {
  return value.length > 64 ? `${value.slice(0, 64)}…` : value;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
