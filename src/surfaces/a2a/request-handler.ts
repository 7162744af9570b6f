// The SDK's request handler with one change: SendMessage runs the skill call first (runSkill), so
// bad input, a spent budget or an unknown skill is an A2A error rather than a failed task, and the
// executor only publishes the completed task; a follow-up to a finished task is refused first.
// A message is answered once: a retry of it (same id, same content, same client: message-digest.ts)
// gets the task its first copy created, and an enquiry it carries is recorded once. Once a skill has run, its result is the
// answer even if keeping the task fails. Everything else (GetTask, CancelTask, ListTasks, streaming
// and push-notification refusals) is the SDK's own behaviour.
import { randomUUID } from 'node:crypto';
import type { AgentCard, Message, SendMessageRequest, Task } from '@a2a-js/sdk';
import { PushNotificationNotSupportedError, UnsupportedOperationError } from '@a2a-js/sdk/errors';
import { DefaultRequestHandler, type ServerCallContext } from '@a2a-js/sdk/server';
import { throttledLog } from '../../kernel/log-throttle.ts';
import type { Logger } from '../../kernel/logger.ts';
import { factsOfContext, setOutcome, setRequestDigest, setRetryAfter, unkeptErrorOf } from './call-context.ts';
import { RateLimitedError } from './errors.ts';
import { completedTask, skillExecutor } from './executor.ts';
import { callOf } from './message.ts';
import { messageDigest } from './message-digest.ts';
import type { RunSkill, SkillOutcome } from './run-skill.ts';
import type { DatabaseTaskStore } from './task-store.ts';

export class SkillRequestHandler extends DefaultRequestHandler {
  readonly #runSkill: RunSkill;
  readonly #tasks: DatabaseTaskStore;
  readonly #warn: ReturnType<typeof throttledLog>;

  constructor(card: AgentCard, runSkill: RunSkill, tasks: DatabaseTaskStore, logger: Logger) {
    super(card, tasks, skillExecutor);
    this.#runSkill = runSkill;
    this.#tasks = tasks;
    this.#warn = throttledLog(logger, 'warn');
  }

  override async sendMessage(params: SendMessageRequest, context: ServerCallContext): Promise<Message | Task> {
    const message = params.message;
    if (params.configuration?.taskPushNotificationConfig) {
      throw new PushNotificationNotSupportedError({
        message: 'This agent sends no push notifications; every task completes in the request that creates it.',
      });
    }
    if (message?.taskId) {
      // Every task completed in its own request, so a follow-up has nothing to continue.
      await this.getTask({ id: message.taskId, tenant: params.tenant, historyLength: undefined }, context);
      throw new UnsupportedOperationError({
        message: `Task ${message.taskId.slice(0, 100)} has completed; send a new message without taskId.`,
      });
    }
    // A message without an id is refused by the SDK below without running anything.
    if (!message?.messageId) return super.sendMessage(params, context);
    const digest = messageDigest(params, factsOfContext(context));
    const earlier = await this.#tasks.loadByRequest(digest).catch((error: unknown) => {
      // Not knowing is not a reason to refuse: an enquiry is still recorded once (its key is the digest).
      this.#warn({ err: error }, 'a2a task lookup failed; the message is answered as new');
      return undefined;
    });
    if (earlier) return earlier;
    setRequestDigest(context, digest);
    // The skills read no earlier task, and the SDK would look each one up (and log the misses).
    message.referenceTaskIds = [];
    let outcome: SkillOutcome;
    try {
      outcome = await this.#runSkill(callOf(message), {
        ...factsOfContext(context),
        requestKey: `a2a-message:${digest}`,
      });
    } catch (error) {
      if (error instanceof RateLimitedError) setRetryAfter(context, error.retryAfter);
      throw error;
    }
    setOutcome(context, outcome);
    let answer: Message | Task;
    try {
      answer = await super.sendMessage(params, context);
    } catch (error) {
      // The skill ran (an enquiry may be recorded): its result is the answer, never "not completed".
      this.#warn({ err: error, skill: outcome.skill }, 'a2a task could not be kept; answered without it');
      return completedTask(outcome, randomUUID(), message.contextId || randomUUID(), { kept: false });
    }
    const unkept = unkeptErrorOf(context);
    if (unkept === undefined || !('artifacts' in answer)) return answer;
    this.#warn({ err: unkept, skill: outcome.skill }, 'a2a task could not be kept; answered without it');
    return { ...answer, metadata: { ...answer.metadata, kept: false } };
  }
}
