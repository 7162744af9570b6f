// The one place every A2A skill call and text question runs: resolves the skill, runs it and turns
// domain errors into A2A errors. A recorder of calls (who asked what, with what outcome) hooks here.
import type { SkillCall } from './message.ts';
import { invalidParams, toA2aError } from './errors.ts';
import type { Skill, SkillContext, SkillOutput } from './skills.ts';
import { answerText, type TextAskDeps } from './text-ask.ts';

/** The result of a call: which skill answered ("text" for a question) and its output. */
export interface SkillOutcome {
  skill: string;
  output: SkillOutput;
}

export type RunSkill = (call: SkillCall, context: SkillContext) => Promise<SkillOutcome>;

/** Name under which text questions are answered (not a skill id: no tool is called "text"). */
export const textSkill = 'text';

/** Builds runSkill over the skills and the site search; throws A2A errors only. */
export function createSkillRunner(skills: ReadonlyMap<string, Skill>, textDeps: TextAskDeps): RunSkill {
  const ids = [...skills.keys()].join(', ');
  return async function runSkill(call, context) {
    const name = call.kind === 'text' ? textSkill : call.skill;
    try {
      if (call.kind === 'text') return { skill: textSkill, output: answerText(textDeps, call.text) };
      const skill = skills.get(call.skill);
      if (!skill) throw invalidParams(`Unknown skill "${call.skill.slice(0, 100)}". Skills: ${ids}.`, { skill: 'is not a skill of this agent' });
      return { skill: call.skill, output: await skill.run(call.input, context) };
    } catch (error) {
      throw toA2aError(error, name);
    }
  };
}
