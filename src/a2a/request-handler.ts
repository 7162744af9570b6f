// The SDK's request handler with one change: SendMessage runs the skill call first (runSkill), so
// bad input, a spent budget or an unknown skill is an A2A error rather than a failed task, and the
// executor only publishes the completed task; a follow-up to a finished task is refused first. Everything else (GetTask, CancelTask, ListTasks,
// streaming and push-notification refusals) is the SDK's own behaviour.
import type { AgentCard, Message, SendMessageRequest, Task } from '@a2a-js/sdk';
import { PushNotificationNotSupportedError, UnsupportedOperationError } from '@a2a-js/sdk/errors';
import { DefaultRequestHandler, type ServerCallContext } from '@a2a-js/sdk/server';
import { callerOfContext, clientOfContext, setOutcome, setRetryAfter } from './call-context.ts';
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
    if (message?.taskId) {
      // Every task completed in its own request, so a follow-up has nothing to continue.
      await this.getTask({ id: message.taskId, tenant: '', historyLength: undefined }, context);
      throw new UnsupportedOperationError({ message: `Task ${message.taskId.slice(0, 100)} has completed; send a new message without taskId.` });
    }
    // A message without an id is refused by the SDK below without running anything.
    if (message?.messageId) {
      // The skills read no earlier task, and the SDK would look each one up (and log the misses).
      message.referenceTaskIds = [];
      try {
        setOutcome(context, await this.#runSkill(callOf(message), { client: clientOfContext(context), caller: callerOfContext(context) }));
      } catch (error) {
        if (error instanceof RateLimitedError) setRetryAfter(context, error.retryAfter);
        throw error;
      }
    }
    return super.sendMessage(params, context);
  }
}
