// The one place every A2A skill call and text question runs: resolves the skill, runs it, turns
// domain errors into A2A errors and records the call for agent insight (skill, caller, outcome, and
// the ask a question or a query-declaring skill makes).
import { askOfCall } from '../../capabilities/ask-of-call.ts';
import { errorStatus } from '../../kernel/errors.ts';
import type { Insight } from '../../domain/insight/recorder.ts';
import type { SkillCall } from './message.ts';
import { invalidParams, toA2aError } from './errors.ts';
import type { Skill, SkillContext, SkillOutput } from './skills.ts';
import { answerText, type TextAskDeps } from './text-ask.ts';

/** The result of a call: which skill answered ("text" for a question), its output and the texts the client sent. */
export interface SkillOutcome {
  skill: string;
  output: SkillOutput;
  /** The question, or the string values of the skill input (the task store keeps none that carries contact details). */
  sentTexts: string[];
}

export type RunSkill = (call: SkillCall, context: SkillContext) => Promise<SkillOutcome>;

/** Name under which text questions are answered (not a skill id: no tool is called "text"). */
export const textSkill = 'text';

/** Builds runSkill over the skills and the ask; throws A2A errors only. */
export function createSkillRunner(
  skills: ReadonlyMap<string, Skill>,
  textDeps: TextAskDeps,
  insight: Insight,
): RunSkill {
  const ids = [...skills.keys()].join(', ');
  const record = (item: string, status: number, context: SkillContext): void => {
    if (context.caller) insight.recordVisit({ surface: 'a2a', item, caller: context.caller, status });
  };
  return async function runSkill(call, context) {
    const name = call.kind === 'text' ? textSkill : call.skill;
    try {
      if (call.kind === 'text') {
        const output = answerText(textDeps, call.text);
        record(textSkill, 200, context);
        const found = output.structured as { query: string; total: number; fit: { inFit: boolean } };
        if (context.caller)
          insight.recordAsk({
            source: 'a2a-text',
            query: found.query,
            results: found.total,
            caller: context.caller,
            outOfFit: !found.fit.inFit,
          });
        return { skill: textSkill, output, sentTexts: [call.text] };
      }
      const skill = skills.get(call.skill);
      // An unknown skill is one item, never the name the caller sent.
      if (!skill)
        throw invalidParams(`Unknown skill "${call.skill.slice(0, 100)}". Skills: ${ids}.`, {
          skill: 'is not a skill of this agent',
        });
      const outcome = {
        skill: call.skill,
        output: await skill.run(call.input, context),
        sentTexts: stringsOf(call.input),
      };
      record(call.skill, 200, context);
      // A skill whose capability declares its query is an ask too, under "a2a-" and its source.
      const asked = askOfCall(skill.capability, call.input, outcome.output.structured);
      if (asked && context.caller)
        insight.recordAsk({ ...asked, source: `a2a-${asked.source}`, caller: context.caller });
      return outcome;
    } catch (error) {
      record(call.kind === 'text' || skills.has(call.skill) ? name : 'unknown-skill', statusOf(error), context);
      throw toA2aError(error, name);
    }
  };
}

/** The status a failed call is recorded with: a domain error's own, 400 for an A2A refusal, else 500. */
function statusOf(error: unknown): number {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && code in errorStatus) return errorStatus[code as keyof typeof errorStatus];
  return typeof code === 'number' ? 400 : 500;
}

/** Every string in a (bounded, already validated) skill input. */
function stringsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value !== 'object' || value === null) return [];
  return Object.values(value).flatMap(stringsOf);
}
