// The SDK's task store over the database (services.tasks), so every instance answers GetTask and
// ListTasks alike. A task belongs to whoever holds its id, an unguessable random UUID given only to
// the client that created it; ListTasks lists the tasks of the contextId the caller names (the
// context's id being that client's secret too) and, without one, none. No address is involved.
// While a SendMessage whose skill has run is being answered, a store failure is noted on the call
// (unkeptError) instead of thrown: the answer is the skill's result, only not kept.
import { Task, TaskState, taskStateToJSON, type ListTasksRequest, type ListTasksResponse } from '@a2a-js/sdk';
import type { ServerCallContext, TaskStore } from '@a2a-js/sdk/server';
import type { Services } from '../../app/services.ts';
import type { UiText } from '../../domain/language/ui-text.ts';
import { outcomeOf, requestDigestOf, setUnkeptError } from './call-context.ts';
import { toA2aError } from './errors.ts';

export class DatabaseTaskStore implements TaskStore {
  readonly #tasks: Services['tasks'];
  readonly #ui: UiText;

  /** `ui`: the site's words, in which a store failure is told. */
  constructor(tasks: Services['tasks'], ui: UiText) {
    this.#tasks = tasks;
    this.#ui = ui;
  }

  async load(taskId: string, context: ServerCallContext): Promise<Task | undefined> {
    try {
      const body = await this.#tasks.find(taskId);
      return body && Task.fromJSON(body);
    } catch (error) {
      return unkept(context, error, this.#ui);
    }
  }

  /** The task an earlier copy of the same message created, if it is still kept. */
  async loadByRequest(digest: string): Promise<Task | undefined> {
    const body = await this.#tasks.findByRequest(digest);
    return body && Task.fromJSON(body);
  }

  async save(task: Task, context: ServerCallContext): Promise<void> {
    // Tasks keep their artifacts, never the messages that asked for them.
    const body = Task.toJSON({ ...task, history: [] }) as Record<string, unknown>;
    await this.#tasks
      .save({
        id: task.id,
        contextId: task.contextId,
        state: taskStateToJSON(task.status?.state ?? TaskState.TASK_STATE_UNSPECIFIED),
        statusAt: task.status?.timestamp ?? new Date().toISOString(),
        body,
        requestDigest: requestDigestOf(context),
        sentTexts: outcomeOf(context)?.sentTexts,
      })
      .catch((error: unknown) => unkept(context, error, this.#ui));
  }

  async list(params: ListTasksRequest): Promise<ListTasksResponse> {
    const pageSize = params.pageSize ?? 50;
    if (!params.contextId) return { tasks: [], nextPageToken: '', pageSize, totalSize: 0 };
    const page = await this.#tasks
      .list({
        contextId: params.contextId,
        pageSize,
        pageToken: params.pageToken || undefined,
        state: params.status ? taskStateToJSON(params.status) : undefined,
        statusAfter: params.statusTimestampAfter ? new Date(params.statusTimestampAfter).toISOString() : undefined,
      })
      .catch((error: unknown) => {
        throw toA2aError(error, 'ListTasks', this.#ui);
      });
    const tasks = page.tasks
      .map((body) => Task.fromJSON(body))
      .map((task) => (params.includeArtifacts ? task : { ...task, artifacts: [] }));
    return { tasks, nextPageToken: page.nextPageToken, pageSize, totalSize: page.total };
  }
}

/**
 * Notes `error` on a call whose skill has run (its answer stands); on any other call (GetTask) it is
 * rethrown as the A2A error for it, so a database outage is "unavailable", not an internal error.
 */
function unkept(context: ServerCallContext, error: unknown, ui: UiText): undefined {
  if (!outcomeOf(context)) throw toA2aError(error, 'GetTask', ui);
  setUnkeptError(context, error);
  return undefined;
}
