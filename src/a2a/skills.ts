// The agent's skills, keyed by their MCP tool names (catalog.ts says which): the MCP server's read
import type { Caller } from '../domain/callers/caller.ts';
// tools (their zod input schemas, domain calls and cached results, built by the same definitions)
// and the enquiry skill, which records its enquiries as channel "a2a".
import type { CallToolResult } from '@modelcontextprotocol/server';
import { AppError } from '../domain/errors.ts';
import { buildDefinitions } from '../mcp/definitions.ts';
import { mcpDeps } from '../mcp/deps.ts';
import type { ToolCatalogEntry } from '../mcp/tool-catalog.ts';
import type { Services } from '../services.ts';
import { servedAsSkill } from './catalog.ts';
import { enquirySkill } from './enquiry-skill.ts';

/** What a skill call returns: structured data (an artifact's data part) and its markdown rendering. */
export interface SkillOutput {
  structured: Record<string, unknown>;
  text: string;
}

/** Facts about the caller a skill may need: the rate-limit key of the client (TRUST_PROXY rule). */
export interface SkillContext {
  client: string;
  /** Who is calling, when known (recorded by agent insight, passed with an enquiry). */
  caller?: Caller | undefined;
  /** Names the message being answered, so its copies record an enquiry once (used when no idempotencyKey is sent). */
  requestKey?: string | undefined;
}

export interface Skill {
  entry: ToolCatalogEntry;
  /** Validates `input` with the skill's schema (AppError invalid_request) and runs it. */
  run(input: unknown, context: SkillContext): Promise<SkillOutput>;
}

/** Every skill in catalog order, by id (the MCP tool name, e.g. "service_get_page"). */
export function buildSkills(services: Services): ReadonlyMap<string, Skill> {
  const deps = mcpDeps(services);
  const enquiry = enquirySkill(deps);
  const skills: Skill[] = buildDefinitions(deps, { readBudget: false }).tools.filter((tool) => servedAsSkill(tool.entry)).map((tool) =>
    tool.entry.key === enquiry.entry.key ? enquiry : { entry: tool.entry, run: async (input) => outputOf(await tool.run(input)) });
  return new Map(skills.map((skill) => [skill.entry.name, skill]));
}

function outputOf(result: CallToolResult): SkillOutput {
  const text = result.content.map((part) => (part.type === 'text' ? part.text : '')).join('\n');
  // Read tools throw for bad input; an error result here is the tool's own plain refusal.
  if (result.isError || !result.structuredContent) throw new AppError('invalid_request', text);
  return { structured: result.structuredContent as Record<string, unknown>, text };
}
