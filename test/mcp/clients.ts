// The official MCP SDK clients of both protocol eras behind one small interface, so every MCP test
// runs against the real server over real HTTP as a 2026-07-28 client and as a 2025-11-25 client.
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { Client as LegacyClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as LegacyTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

export interface ListedTool {
  name: string;
  title?: string;
  description?: string;
  inputSchema: Record<string, unknown>;
  outputSchema?: Record<string, unknown>;
  annotations?: Record<string, unknown>;
}

export interface ToolCallResult {
  content: { type: string; text?: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
  /** Where a refusal says when to retry (a spent budget, an enquiry copy still in flight). */
  _meta?: { retryAfter?: number };
}

export interface ResourceContents {
  contents: { uri: string; mimeType?: string; text?: string }[];
}

export interface TestClient {
  /** The protocol revision the client negotiated. */
  protocolVersion: string | undefined;
  /** What the server said about itself when connecting. */
  server: { capabilities: Record<string, unknown> | undefined; instructions: string | undefined };
  listTools(): Promise<ListedTool[]>;
  callTool(name: string, args: Record<string, unknown>): Promise<ToolCallResult>;
  listResources(): Promise<{ uri: string; name: string; mimeType?: string }[]>;
  listResourceTemplates(): Promise<{ uriTemplate: string; name: string; mimeType?: string }[]>;
  readResource(uri: string): Promise<ResourceContents>;
  close(): Promise<void>;
}

export interface Era {
  name: string;
  protocolVersion: string;
  connect(url: string, headers?: Record<string, string>): Promise<TestClient>;
}

/** Methods both SDK clients share, typed loosely enough to cover each one's result shapes. */
interface SdkClient {
  getServerCapabilities(): Record<string, unknown> | undefined;
  getInstructions(): string | undefined;
  listTools(): Promise<{ tools: unknown[] }>;
  callTool(params: { name: string; arguments: Record<string, unknown> }): Promise<unknown>;
  listResources(): Promise<{ resources: unknown[] }>;
  listResourceTemplates(): Promise<{ resourceTemplates: unknown[] }>;
  readResource(params: { uri: string }): Promise<unknown>;
  close(): Promise<void>;
}

function wrap(client: SdkClient, protocolVersion: string | undefined): TestClient {
  return {
    protocolVersion,
    server: { capabilities: client.getServerCapabilities(), instructions: client.getInstructions() },
    listTools: async () => (await client.listTools()).tools as ListedTool[],
    callTool: async (name, args) => (await client.callTool({ name, arguments: args })) as ToolCallResult,
    listResources: async () => (await client.listResources()).resources as { uri: string; name: string }[],
    listResourceTemplates: async () =>
      (await client.listResourceTemplates()).resourceTemplates as { uriTemplate: string; name: string }[],
    readResource: async (uri) => (await client.readResource({ uri })) as ResourceContents,
    close: () => client.close(),
  };
}

export const modern: Era = {
  name: '2026-07-28 (@modelcontextprotocol/client 2.x)',
  protocolVersion: '2026-07-28',
  async connect(url, headers = {}) {
    const client = new Client(
      { name: 'agentsite-test', version: '1.0.0' },
      { versionNegotiation: { mode: { pin: '2026-07-28' } } },
    );
    const transport = new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } });
    await client.connect(transport);
    return wrap(client as unknown as SdkClient, transport.protocolVersion);
  },
};

export const legacy: Era = {
  name: '2025-11-25 (@modelcontextprotocol/sdk 1.x)',
  protocolVersion: '2025-11-25',
  async connect(url, headers = {}) {
    const client = new LegacyClient({ name: 'agentsite-test', version: '1.0.0' });
    const transport = new LegacyTransport(new URL(url), { requestInit: { headers } });
    await client.connect(transport);
    return wrap(client as unknown as SdkClient, transport.protocolVersion);
  },
};

export const eras: Era[] = [modern, legacy];

/** The text of a tool result's first content block. */
export function textOf(result: ToolCallResult): string {
  return result.content.map((block) => block.text ?? '').join('\n');
}
