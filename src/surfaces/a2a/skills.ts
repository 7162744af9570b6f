// The agent's skills: every capability of the catalogue that is an A2A skill, keyed by its name
// (e.g. "service_get_page"), run directly with a context built from the A2A request. The read
// budget is spent per HTTP request by the route, so a skill spends none itself.
import type { CallContext } from '../../capabilities/call-context.ts';
import type { Capability } from '../../capabilities/capability.ts';
import type { Catalog } from '../../capabilities/catalog.ts';
import type { Caller } from '../../domain/callers/caller.ts';
import { parseOrThrow } from '../../domain/validation.ts';
import type { Logger } from '../../kernel/logger.ts';
import { withKeptResults } from '../../capabilities/kept-results.ts';
import type { ResponseCache } from '../../cache/response-cache.ts';

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
  capability: Capability;
  /** Validates `input` with the capability's schema (AppError invalid_request) and runs it. */
  run(input: unknown, context: SkillContext): Promise<SkillOutput>;
}

function skillOf(capability: Capability, logger: Logger): Skill {
  return {
    capability,
    async run(input, { client, caller, requestKey }) {
      const context: CallContext = { client, caller, requestKey, channel: 'a2a', logger };
      const { structured, text } = await capability.handle(
        parseOrThrow(capability.input, input ?? {}, 'input'),
        context,
        input,
      );
      return { structured: capability.output.parse(structured) as Record<string, unknown>, text };
    },
  };
}

/**
 * Every skill in catalogue order, by id (the capability's name). Stable skills share their results
 * with the other bindings through `cache` (the same call over MCP computes nothing again).
 */
export function buildSkills(catalog: Catalog, logger: Logger, cache: ResponseCache): ReadonlyMap<string, Skill> {
  const skills = catalog.capabilities
    .filter((capability) => capability.a2aSkill)
    .map((capability) => skillOf(withKeptResults(capability, cache), logger));
  return new Map(skills.map((skill) => [skill.capability.name, skill]));
}
