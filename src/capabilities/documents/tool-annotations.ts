// A capability's hints as MCP tool annotations (tools/list and the server card say the same).
import type { ToolAnnotations } from '@modelcontextprotocol/server';
import type { Hints } from '../capability.ts';

export function toolAnnotations(hints: Hints): ToolAnnotations {
  return {
    readOnlyHint: hints.readOnly,
    destructiveHint: hints.destructive,
    idempotentHint: hints.idempotent,
    openWorldHint: hints.openWorld,
  };
}
