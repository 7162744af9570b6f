// The tasks this instance ran, in memory: the newest `capacity` of them (the oldest is dropped
// first), each visible only to the client that created it. Tasks keep their artifacts, never the
// messages that asked for them, so an enquiry's personal data is not held here.
import type { ListTasksRequest, ListTasksResponse, Task } from '@a2a-js/sdk';
import { RequestMalformedError } from '@a2a-js/sdk/errors';
import type { ServerCallContext, TaskStore } from '@a2a-js/sdk/server';
import { clientOfContext } from './call-context.ts';

/** Tasks kept per instance; a task holds at most one result (up to ~25 KB for a long page). */
export const taskCapacity = 500;
const defaultPageSize = 50;

export class BoundedTaskStore implements TaskStore {
  /** Insertion-ordered, so the first key is the oldest task. Key: client, NUL, task id. */
  readonly #tasks = new Map<string, Task>();
  readonly #capacity: number;

  constructor(capacity = taskCapacity) {
    this.#capacity = capacity;
  }

  async load(taskId: string, context: ServerCallContext): Promise<Task | undefined> {
    const task = this.#tasks.get(keyOf(context, taskId));
    return task && structuredClone(task);
  }

  async save(task: Task, context: ServerCallContext): Promise<void> {
    const key = keyOf(context, task.id);
    this.#tasks.delete(key);
    this.#tasks.set(key, structuredClone({ ...task, history: [] }));
    if (this.#tasks.size > this.#capacity) this.#tasks.delete(this.#tasks.keys().next().value!);
  }

  /** The client's tasks, last updated first, filtered and paged as the protocol's ListTasks asks. */
  async list(params: ListTasksRequest, context: ServerCallContext): Promise<ListTasksResponse> {
    const prefix = `${clientOfContext(context)}\0`;
    const after = params.statusTimestampAfter ? Date.parse(params.statusTimestampAfter) : undefined;
    const matching = [...this.#tasks].filter(([key, task]) => key.startsWith(prefix)
      && (!params.contextId || task.contextId === params.contextId)
      && (!params.status || task.status?.state === params.status)
      && (after === undefined || Date.parse(task.status?.timestamp ?? '') > after))
      .map(([, task]) => task)
      .sort((a, b) => cursorOf(b).localeCompare(cursorOf(a)));
    const pageSize = params.pageSize ?? defaultPageSize;
    const start = params.pageToken ? startAfter(matching, params.pageToken) : 0;
    const page = matching.slice(start, start + pageSize);
    const more = start + page.length < matching.length;
    return {
      tasks: page.map((task) => structuredClone(params.includeArtifacts ? task : { ...task, artifacts: [] })),
      nextPageToken: more ? Buffer.from(cursorOf(page.at(-1)!)).toString('base64url') : '',
      pageSize,
      totalSize: matching.length,
    };
  }
}

function keyOf(context: ServerCallContext, taskId: string): string {
  return `${clientOfContext(context)}\0${taskId}`;
}

/** Sort key and page cursor: status time, then id (ties broken the same way every time). */
function cursorOf(task: Task): string {
  return `${task.status?.timestamp ?? ''}\0${task.id}`;
}

function startAfter(tasks: Task[], token: string): number {
  const cursor = Buffer.from(token, 'base64url').toString('utf8');
  if (!cursor.includes('\0')) throw new RequestMalformedError({ message: 'pageToken is not a token this agent gave out.' });
  // Tasks after the cursor in the order above; a cursor whose task was dropped still places the page.
  const index = tasks.findIndex((task) => cursorOf(task).localeCompare(cursor) < 0);
  return index === -1 ? tasks.length : index;
}
