// Publishes a skill call's outcome as one completed task: the skill runs before the SDK hands the
// message here (request-handler.ts), so every task completes in the request that created it.
import { randomUUID } from 'node:crypto';
import { TaskState, type Artifact, type Part, type Task } from '@a2a-js/sdk';
import { TaskNotCancelableError } from '@a2a-js/sdk/errors';
import { AgentEvent, type AgentExecutor } from '@a2a-js/sdk/server';
import { outcomeOf } from './call-context.ts';
import type { SkillOutcome } from './run-skill.ts';

const part = (content: Part['content'], mediaType: string): Part => ({
  content,
  mediaType,
  filename: '',
  metadata: undefined,
});

/** The artifact of an outcome: the structured result as a JSON data part, then its markdown. */
export function artifactOf(outcome: SkillOutcome): Artifact {
  return {
    artifactId: randomUUID(),
    name: outcome.skill,
    description: '',
    parts: [
      part({ $case: 'data', value: outcome.output.structured }, 'application/json'),
      part({ $case: 'text', value: outcome.output.text }, 'text/markdown'),
    ],
    metadata: undefined,
    extensions: [],
  };
}

/** The completed task of an outcome; `metadata` adds to the skill's name (e.g. that it was not kept). */
export function completedTask(
  outcome: SkillOutcome,
  id: string,
  contextId: string,
  metadata: Record<string, unknown> = {},
): Task {
  return {
    id,
    contextId,
    status: { state: TaskState.TASK_STATE_COMPLETED, message: undefined, timestamp: new Date().toISOString() },
    artifacts: [artifactOf(outcome)],
    history: [],
    metadata: { skill: outcome.skill, ...metadata },
  };
}

export const skillExecutor: AgentExecutor = {
  async execute(request, eventBus) {
    const outcome = outcomeOf(request.context);
    // request-handler.ts sets the outcome before the SDK calls this; its absence is a wiring bug.
    if (!outcome) throw new Error('A2A executor called without a skill outcome');
    eventBus.publish(AgentEvent.task(completedTask(outcome, request.taskId, request.contextId)));
    eventBus.finished();
  },
  // Every task is finished when its request ends, so none is ever running to cancel.
  async cancelTask(taskId) {
    throw new TaskNotCancelableError({ message: `Task ${taskId} has already completed.` });
  },
};
