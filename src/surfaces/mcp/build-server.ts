// Turns tool and resource definitions (built once at start-up) into the per-request server factory
// the SDK calls on every HTTP request. The factory only registers prepared objects: schemas are
// already converted and handlers already bound, so a request pays for little more than the call.
import {
  McpServer,
  type CallToolResult,
  type Implementation,
  type McpServerFactory,
  type ReadResourceResult,
  type ResourceTemplate,
  type StandardSchemaWithJSON,
  type ToolAnnotations,
  type ToolCallback,
} from '@modelcontextprotocol/server';
import type { SkillsExtension } from '@modelcontextprotocol/server/ext/skills';
import type { UiText } from '../../domain/language/ui-text.ts';
import type { Logger } from '../../kernel/logger.ts';
import { exchangeCarried, type McpExchange } from './exchange.ts';
import { resourceFailure, toolFailure } from './errors.ts';

/** What tools/list says of a tool (its capability's key, for the bindings that look tools up by it). */
export interface McpToolEntry {
  key: string;
  name: string;
  title: string;
  description: string;
  annotations: ToolAnnotations;
}

export interface McpTool {
  entry: McpToolEntry;
  inputSchema: StandardSchemaWithJSON;
  outputSchema: StandardSchemaWithJSON;
  /** Runs the call; request details (client address, caller, Authorization) come in `exchange`. Throws AppError. */
  run(args: unknown, exchange: McpExchange): Promise<CallToolResult>;
}

export interface McpResource {
  name: string;
  uri: string;
  metadata: { title: string; description: string; mimeType: string };
  read(uri: URL): Promise<ReadResourceResult> | ReadResourceResult;
}

export interface McpResourceTemplate {
  name: string;
  template: ResourceTemplate;
  metadata: { title: string; description: string; mimeType: string };
  read(uri: URL, variables: Record<string, string | string[]>): Promise<ReadResourceResult> | ReadResourceResult;
}

export interface McpDefinitions {
  info: Implementation;
  instructions: string;
  tools: McpTool[];
  resources: McpResource[];
  templates: McpResourceTemplate[];
  /** The published agent skills (skills.ts), served through the MCP Skills extension. */
  skills?: SkillsExtension;
  /** The site's words, in which a failed tool call is told. */
  ui: UiText;
}

const fixedLists = { tools: { listChanged: false }, resources: { listChanged: false } };

/** A tool's call as the server serves it: a failure is the tool error errors.ts renders. Never rejects. */
function toolCallback(
  tool: McpTool,
  logger: Logger,
  ui: UiText,
): (args: unknown, exchange: McpExchange) => Promise<CallToolResult> {
  return (args, exchange) =>
    tool.run(args, exchange).catch((error: unknown) => toolFailure(error, logger, tool.entry.name, ui));
}

/** The factory `createMcpHandler` calls once per HTTP request. */
export function createServerFactory(defs: McpDefinitions, logger: Logger): McpServerFactory {
  // The SDK answers a handler's own error with -32603 carrying its message: a fault's text (a path,
  // a library message) would reach the client.
  const guarded = async (
    name: string,
    read: () => Promise<ReadResourceResult> | ReadResourceResult,
  ): Promise<ReadResourceResult> => {
    try {
      return await read();
    } catch (error) {
      return resourceFailure(error, logger, name);
    }
  };
  const tools = defs.tools.map((tool) => {
    const { name, title, description, annotations } = tool.entry;
    const config = { title, description, annotations, inputSchema: tool.inputSchema, outputSchema: tool.outputSchema };
    return { name, config, callback: toolCallback(tool, logger, defs.ui) };
  });
  const toolByName = new Map(tools.map((tool) => [tool.name, tool]));
  return ({ authInfo }) => {
    // The listener built this request's exchange once (endpoint.ts); every tool call of it gets it.
    const exchange = exchangeCarried(authInfo);
    // The lists never change while the process runs (content loads at start-up), so no list_changed.
    const server = new McpServer(defs.info, { instructions: defs.instructions, capabilities: fixedLists });
    // The server lives for one request: a tools/call is answered by its one tool, so the other tools,
    // the resources and the skills are registered only for requests that may read them.
    const called = exchange.calledTool === undefined ? undefined : toolByName.get(exchange.calledTool);
    for (const tool of called ? [called] : tools) {
      server.registerTool(tool.name, tool.config, ((args: unknown) =>
        tool.callback(args, exchange)) as ToolCallback<StandardSchemaWithJSON>);
    }
    if (called) return server;
    for (const resource of defs.resources) {
      server.registerResource(resource.name, resource.uri, resource.metadata, (uri) =>
        guarded(resource.name, () => resource.read(uri)),
      );
    }
    for (const template of defs.templates) {
      server.registerResource(template.name, template.template, template.metadata, (uri, variables) =>
        guarded(template.name, () => template.read(uri, variables)),
      );
    }
    defs.skills?.attach(server);
    return server;
  };
}
