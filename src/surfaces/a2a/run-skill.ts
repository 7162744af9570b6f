// The one place every A2A skill call and text question runs: resolves the skill and runs it through
// the call pipeline (which records the call for agent insight), answers a text question and records
// it, and turns domain errors into A2A errors in the site's language.
import { AppError } from '../../kernel/errors.ts';
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
  const { ui } = textDeps.content;
  /** A call the pipeline does not run (a question, an unknown skill) is recorded here. */
  const record = (item: string, status: number, context: SkillContext): void => {
    if (context.caller) insight.recordVisit({ surface: 'a2a', item, caller: context.caller, status });
  };
  const answerQuestion = (text: string, context: SkillContext): SkillOutcome => {
    let output: SkillOutput;
    try {
      output = answerText(textDeps, text);
    } catch (error) {
      record(textSkill, error instanceof AppError ? error.httpStatus : 500, context);
      throw error;
    }
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
    return { skill: textSkill, output, sentTexts: [text] };
  };
  return async function runSkill(call, context) {
    const name = call.kind === 'text' ? textSkill : call.skill;
    try {
      if (call.kind === 'text') return answerQuestion(call.text, context);
      const skill = skills.get(call.skill);
      if (!skill) {
        // An unknown skill is one item, never the name the caller sent.
        record('unknown-skill', 400, context);
        throw invalidParams(ui.text('answers.a2a.unknownSkill', { skill: call.skill.slice(0, 100), skills: ids }), {
          skill: ui.text('answers.problem.notSkill'),
        });
      }
      const output = await skill.run(call.input, context);
      return { skill: call.skill, output, sentTexts: stringsOf(call.input) };
    } catch (error) {
      throw toA2aError(error, name, ui);
    }
  };
}

/** Every string in a (bounded, already validated) skill input. */
function stringsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value !== 'object' || value === null) return [];
  return Object.values(value).flatMap(stringsOf);
}
