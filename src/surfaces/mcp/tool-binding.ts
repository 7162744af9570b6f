// Binds a capability as an MCP tool: its hints become the tool annotations, its schemas the tool's
// (converted once), and each call gets the CallContext of the exchange it came in (exchange.ts).
// Arguments are validated with the shared field-error wording; a failure is a tool error.
import type { Capability } from '../../capabilities/capability.ts';
import { throttledLog } from '../../kernel/log-throttle.ts';
import { parseOrThrow } from '../../domain/validation.ts';
import type { McpTool } from './build-server.ts';
import type { McpDeps } from './deps.ts';
import { cachedSchema } from './json-schema-cache.ts';
import { toolAnnotations } from '../../capabilities/documents/tool-annotations.ts';
import { toolError, toolResult } from './tool-result.ts';

type ContextDeps = Pick<McpDeps, 'logger'>;

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
    run: async (args, { context }) => {
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
