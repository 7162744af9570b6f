// The agent's skills: every capability of the catalogue that is an A2A skill, keyed by its name
// (e.g. "service_get_page"), each call run through the one call pipeline with a context built from
// the A2A request. The read budget is spent per HTTP request by the route, so a skill spends none itself.
import type { Capability } from '../../capabilities/capability.ts';
import type { Catalog } from '../../capabilities/catalog.ts';
import type { CallPipeline } from '../../capabilities/pipeline.ts';
import type { Logger } from '../../kernel/logger.ts';
import type { RequestFacts } from './request-facts.ts';

/** What a skill call returns: structured data (an artifact's data part) and its markdown rendering. */
export interface SkillOutput {
  structured: Record<string, unknown>;
  text: string;
}

/** The request's facts a skill call gets (client key, caller, Authorization) and the message it answers. */
export interface SkillContext extends RequestFacts {
  /** Names the message being answered, so its copies record an enquiry once (used when no idempotencyKey is sent). */
  requestKey?: string | undefined;
}

export interface Skill {
  capability: Capability;
  /** Runs the call through the pipeline; throws AppError (invalid input, no key, a spent budget, …). */
  run(input: unknown, context: SkillContext): Promise<SkillOutput>;
}

/** Every skill in catalogue order, by id (the capability's name). */
export function buildSkills(catalog: Catalog, pipeline: CallPipeline, logger: Logger): ReadonlyMap<string, Skill> {
  const skills = catalog.capabilities
    .filter((capability) => capability.a2aSkill)
    .map(
      (capability): Skill => ({
        capability,
        async run(input, { client, caller, authorization, requestKey }) {
          const { structured, text } = await pipeline.run({
            capability,
            sent: input,
            surface: 'a2a',
            context: { client, caller, authorization, requestKey, channel: 'a2a', logger },
            caller,
            readBudgetSpent: true,
          });
          return { structured: structured as Record<string, unknown>, text };
        },
      }),
    );
  return new Map(skills.map((skill) => [skill.capability.name, skill]));
}
