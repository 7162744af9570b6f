// The A2A 1.0 agent card (/.well-known/agent-card.json: required fields, interfaces whose binding A2A
// knows) and a text message sent with the A2A SDK client resolved from it, through the guarded fetch.
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { AuditContext, Fetched } from '../context.ts';
import type { CheckResult } from '../report.ts';
import { counted, evidence, fail, json, ok, pass, skip } from '../verdict.ts';

const cardPath = '/.well-known/agent-card.json';
/** The protocol bindings A2A 1.0 defines. */
const a2aBindings = ['JSONRPC', 'GRPC', 'HTTP+JSON'] as const;

const text = z.string().min(1);
const AgentCard = z.object({
  name: text,
  description: text,
  version: text,
  supportedInterfaces: z.array(z.object({ url: z.url(), protocolBinding: z.string(), protocolVersion: text })).min(1),
  capabilities: z.object({}).loose(),
  defaultInputModes: z.array(text).min(1),
  defaultOutputModes: z.array(text).min(1),
  skills: z.array(z.object({ id: text, name: text, description: text, tags: z.array(z.string()) })),
});

async function card(ctx: AuditContext): Promise<{ fetched: Fetched; doc: unknown }> {
  const fetched = await ctx.get(cardPath, 'application/json');
  return { fetched, doc: ok(fetched) ? json(fetched) : undefined };
}

export async function a2aAgentCard(ctx: AuditContext): Promise<CheckResult> {
  const { fetched, doc } = await card(ctx);
  return cardVerdict(fetched, doc);
}

function cardVerdict(fetched: Fetched, doc: unknown): CheckResult {
  const fix =
    'Publish an A2A 1.0 agent card: name, description, version, capabilities, default input and output modes, skills, and supportedInterfaces each with a url, a protocolBinding (JSONRPC, GRPC or HTTP+JSON) and a protocolVersion.';
  if (!ok(fetched)) return fail('a2a-agent-card', `${cardPath} answers ${fetched.status}`, evidence(fetched), fix);
  const parsed = AgentCard.safeParse(doc);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return fail(
      'a2a-agent-card',
      `the agent card is not A2A 1.0: ${issue.path.join('.') || 'card'} ${issue.message}`,
      evidence(fetched, issue.path.join('.')),
      fix,
    );
  }
  const unknown = parsed.data.supportedInterfaces.find(
    (i) => !(a2aBindings as readonly string[]).includes(i.protocolBinding),
  );
  if (unknown)
    return fail(
      'a2a-agent-card',
      `interface binding "${unknown.protocolBinding}" is not one A2A knows`,
      evidence(fetched, unknown.protocolBinding),
      fix,
    );
  return pass(
    'a2a-agent-card',
    `agent "${parsed.data.name}" with ${counted(parsed.data.skills.length, 'skill')} over ${parsed.data.supportedInterfaces.map((i) => i.protocolBinding).join(', ')}`,
    evidence(fetched),
  );
}

export async function a2aConnect(ctx: AuditContext): Promise<CheckResult> {
  const { fetched, doc } = await card(ctx);
  if (!ok(fetched) || doc === undefined) return skip('a2a-connect', 'no agent card to resolve', evidence(fetched));
  // A card that fails its own check says nothing a client could rely on: its connection is not judged.
  if (cardVerdict(fetched, doc).status !== 'pass')
    return skip('a2a-connect', 'the agent card does not pass its check, so no connection is tried', evidence(fetched));
  // Loaded only for a site with a card: most audits need no A2A client.
  const { SendMessageRequest, TaskState } = await import('@a2a-js/sdk');
  const {
    ClientFactory,
    ClientFactoryOptions,
    DefaultAgentCardResolver,
    JsonRpcTransportFactory,
    RestTransportFactory,
  } = await import('@a2a-js/sdk/client');
  const fetchImpl = ctx.fetch;
  const factory = new ClientFactory(
    ClientFactoryOptions.createFrom(ClientFactoryOptions.default, {
      transports: [new JsonRpcTransportFactory({ fetchImpl }), new RestTransportFactory({ fetchImpl })],
      cardResolver: new DefaultAgentCardResolver({ fetchImpl }),
    }),
  );
  try {
    const client = await factory.createFromUrl(ctx.site.href);
    const request = SendMessageRequest.fromJSON({
      message: { messageId: randomUUID(), role: 'ROLE_USER', parts: [{ text: 'What can you do?' }] },
    });
    const result = await client.sendMessage(request);
    const state = 'status' in result ? result.status?.state : undefined;
    if (state === TaskState.TASK_STATE_FAILED || state === TaskState.TASK_STATE_REJECTED) {
      return fail(
        'a2a-connect',
        'the agent answered a text message with a failed task',
        evidence(fetched),
        'Answer a plain text message with a completed task or a message.',
      );
    }
    return pass(
      'a2a-connect',
      `the A2A client resolved the card and got ${'status' in result ? 'a task' : 'a message'} back`,
      evidence(fetched),
    );
  } catch (error) {
    return fail(
      'a2a-connect',
      `the A2A client could not get an answer: ${(error as Error).message}`,
      evidence(fetched, (error as Error).message),
      'Make the interface in the agent card answer SendMessage with a text part, at the URL the card gives.',
    );
  }
}
