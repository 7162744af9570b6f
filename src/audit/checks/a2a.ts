// The A2A agent card (/.well-known/agent-card.json, its shape judged in a2a-card.ts) and a text
// message sent with the A2A SDK client resolved from it, through the guarded fetch; the client's
// legacy layer is on, so an A2A 0.3 agent is spoken to in 0.3.
import { randomUUID } from 'node:crypto';
import type { AuditContext, Fetched } from '../context.ts';
import type { CheckResult } from '../report.ts';
import { evidence, fail, json, ok, pass, skip } from '../verdict.ts';
import { a2aWords } from '../words/a2a.ts';
import { cardPath, cardVerdict } from './a2a-card.ts';

async function card(ctx: AuditContext): Promise<{ fetched: Fetched; doc: unknown }> {
  const fetched = await ctx.get(cardPath, 'application/json');
  return { fetched, doc: ok(fetched) ? json(fetched) : undefined };
}

export async function a2aAgentCard(ctx: AuditContext): Promise<CheckResult> {
  const { fetched, doc } = await card(ctx);
  return cardVerdict(fetched, doc, ctx.language);
}

export async function a2aConnect(ctx: AuditContext): Promise<CheckResult> {
  const say = a2aWords(ctx.language);
  const { fetched, doc } = await card(ctx);
  if (!ok(fetched) || doc === undefined) return skip('a2a-connect', say('noCard'), evidence(fetched));
  // A card that fails its own check says nothing a client could rely on: its connection is not judged.
  if (cardVerdict(fetched, doc, ctx.language).status !== 'pass')
    return skip('a2a-connect', say('cardFails'), evidence(fetched));
  // Loaded only for a site with a card: most audits need no A2A client.
  const { SendMessageRequest, TaskState } = await import('@a2a-js/sdk');
  const {
    ClientFactory,
    ClientFactoryOptions,
    DefaultAgentCardResolver,
    JsonRpcTransportFactory,
    RestTransportFactory,
  } = await import('@a2a-js/sdk/client');
  const options = { fetchImpl: ctx.fetch, legacyCompat: { enabled: true } };
  const factory = new ClientFactory(
    ClientFactoryOptions.createFrom(ClientFactoryOptions.default, {
      transports: [new JsonRpcTransportFactory(options), new RestTransportFactory(options)],
      cardResolver: new DefaultAgentCardResolver(options),
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
      return fail('a2a-connect', say('failedTask'), evidence(fetched), say('answerTask'));
    }
    const answer = 'status' in result ? 'task' : 'message';
    return pass('a2a-connect', say('answered', { answer }), evidence(fetched));
  } catch (error) {
    return fail(
      'a2a-connect',
      say('noAnswer', { error: (error as Error).message }),
      evidence(fetched, (error as Error).message),
      say('answerSendMessage'),
    );
  }
}
