// The SDK's request handler with one change: SendMessage runs the skill call first (runSkill), so
// bad input, a spent budget or an unknown skill is an A2A error rather than a failed task, and the
// executor only publishes the completed task. Everything else (GetTask, CancelTask, ListTasks,
// streaming and push-notification refusals) is the SDK's own behaviour.
import type { AgentCard, Message, SendMessageRequest, Task } from '@a2a-js/sdk';
import { PushNotificationNotSupportedError } from '@a2a-js/sdk/errors';
import { DefaultRequestHandler, type ServerCallContext } from '@a2a-js/sdk/server';
import { clientOfContext, setOutcome, setRetryAfter } from './call-context.ts';
import { RateLimitedError } from './errors.ts';
import { skillExecutor } from './executor.ts';
import { callOf } from './message.ts';
import type { RunSkill } from './run-skill.ts';
import { BoundedTaskStore } from './task-store.ts';

export class SkillRequestHandler extends DefaultRequestHandler {
  readonly #runSkill: RunSkill;

  constructor(card: AgentCard, runSkill: RunSkill) {
    super(card, new BoundedTaskStore(), skillExecutor);
    this.#runSkill = runSkill;
  }

  override async sendMessage(params: SendMessageRequest, context: ServerCallContext): Promise<Message | Task> {
    const message = params.message;
    if (params.configuration?.taskPushNotificationConfig) {
      throw new PushNotificationNotSupportedError({ message: 'This agent sends no push notifications; every task completes in the request that creates it.' });
    }
    // A message without an id, or one for an existing task (all are finished), is refused by the SDK
    // below without running anything.
    if (message?.messageId && !message.taskId) {
      try {
        setOutcome(context, await this.#runSkill(callOf(message), { client: clientOfContext(context) }));
      } catch (error) {
        if (error instanceof RateLimitedError) setRetryAfter(context, error.retryAfter);
        throw error;
      }
    }
    return super.sendMessage(params, context);
  }
}
