// Binds a capability as an MCP tool: its hints become the tool annotations, its schemas the tool's
// (converted once), and each call gets a CallContext built from the MCP request being served.
// Arguments are validated with the shared field-error wording; a failure is a tool error.
import type { Capability } from '../capabilities/capability.ts';
import type { CallContext } from '../capabilities/call-context.ts';
import { clientKeyOf } from '../listener/client-address.ts';
import { throttledLog } from '../log-throttle.ts';
import { parseOrThrow } from '../domain/validation.ts';
import type { McpTool } from './build-server.ts';
import type { McpDeps } from './deps.ts';
import { cachedSchema } from './json-schema-cache.ts';
import { mcpCallerRequest } from './record-tool-calls.ts';
import { currentMcpRequest } from './request-context.ts';
import { toolAnnotations } from '../documents/tool-annotations.ts';
import { toolError, toolResult } from './tool-result.ts';

type ContextDeps = Pick<McpDeps, 'config' | 'logger' | 'insight'>;

/** The call context of the MCP request being served; the caller is worked out only if read. */
function mcpCallContext(deps: ContextDeps): CallContext {
  const req = currentMcpRequest();
  let caller: CallContext['caller'];
  return {
    client: clientKeyOf(req, deps.config.trustProxy),
    get caller() {
      return (caller ??= deps.insight.callerOf(mcpCallerRequest(req)));
    },
    authorization: req.headers.authorization,
    channel: 'mcp',
    logger: deps.logger,
  };
}

export function mcpTool(capability: Capability, deps: ContextDeps): McpTool {
  const { key, name, title, description, hints, input, output, authentication } = capability;
  // A client's fault that can repeat at request rate: info, at most one line per 30 s.
  const logRefusal = throttledLog(deps.logger, 'info');
  return {
    entry: { key, name, title, description, annotations: toolAnnotations(hints) },
    inputSchema: cachedSchema(input, { validate: false }),
    // run() below parses the output with `output` already; the SDK's second check would repeat it.
    outputSchema: cachedSchema(output, { validate: false }),
    validate: (args) => parseOrThrow(input, args ?? {}, 'arguments'),
    run: async (args) => {
      const context = mcpCallContext(deps);
      if (authentication.scheme === 'bearer' && !authentication.accepts(context.authorization)) {
        const sent = Boolean(context.authorization);
        // The reason only: the header's value is never logged or echoed.
        logRefusal({ tool: name, reason: sent ? 'key_not_accepted' : 'no_key' }, 'assessment key refused');
        return toolError(authentication.refusal(sent));
      }
      const { structured, text } = await capability.handle(parseOrThrow(input, args ?? {}, 'arguments'), context, args);
      return toolResult(output.parse(structured), text);
    },
  };
}
