// Prints a transcript of the official A2A client talking to the agent: the card, a text question,
// each skill (by its card example), the errors, and the HTTP+JSON binding.
// `node test/a2a/transcript.ts [BASE_URL]` runs it against a running server (read skills only), or
// without an argument against a fresh local one.
import { AgentCard } from '@a2a-js/sdk';
import { ClientFactory, ClientFactoryOptions, type Client } from '@a2a-js/sdk/client';
import { A2AError } from '@a2a-js/sdk/errors';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { ask, call, clientFor, resultOf, rpc, send } from './agent.ts';

const lines = (text: string, most = 8): string => {
  const all = text.split('\n');
  return [...all.slice(0, most), ...(all.length > most ? [`… (${all.length - most} more lines)`] : [])]
    .map((l) => `    ${l}`)
    .join('\n');
};
const failure = (error: unknown): string =>
  error instanceof A2AError ? `${error.name} (${codeOf(error)}): ${error.message}` : String(error);
/** The JSON-RPC code, or the HTTP status for the HTTP+JSON binding. */
const codeOf = (error: object): string => {
  const { envelopeCode, statusCode } = error as { envelopeCode?: number; statusCode?: number };
  return envelopeCode !== undefined ? String(envelopeCode) : `HTTP ${String(statusCode)}`;
};

async function transcript(client: Client, app: TestApp, withEnquiry: boolean): Promise<void> {
  const card = AgentCard.toJSON(await client.getAgentCard()) as Record<string, any>;
  console.log(`> GET ${app.baseUrl}/.well-known/agent-card.json`);
  console.log(
    `  ${card.name} ${card.version}: ${card.supportedInterfaces.map((i: any) => `${i.protocolBinding} ${i.protocolVersion} at ${i.url}`).join(', ')}`,
  );
  console.log(
    `  capabilities ${JSON.stringify(card.capabilities)}; skills: ${card.skills.map((s: any) => s.id).join(', ')}\n`,
  );

  const question = 'cybersecurity pipeline';
  console.log(`> SendMessage text "${question}"`);
  const answer = resultOf(await send(client, ask(question)));
  console.log(lines(answer.text, 20), '\n');

  for (const skill of card.skills) {
    if (skill.id.endsWith('_send_enquiry') && !withEnquiry) continue;
    // Its example names a public site; the transcript reaches nothing beyond this machine.
    if (skill.id.endsWith('_audit_site')) continue;
    const example = JSON.parse(skill.examples[0]) as { skill: string; input: unknown };
    console.log(`> SendMessage data ${JSON.stringify(example)}`);
    const task = await send(client, call(example.skill, example.input));
    console.log(
      `  task ${task.id}: ${String(task.status?.state === 3 ? 'TASK_STATE_COMPLETED' : task.status?.state)}, artifact "${resultOf(task).skill}"`,
    );
    console.log(lines(resultOf(task).text, 6), '\n');
  }

  const errors: [string, () => Promise<unknown>][] = [
    ['SendMessage data {"skill":"service_get_page","input":{}}', () => send(client, call('service_get_page', {}))],
    ['SendMessage data {"skill":"service_book_meeting"}', () => send(client, call('service_book_meeting', {}))],
    [
      'CancelTask of a finished task',
      async () => client.cancelTask({ id: (await send(client, ask('seo'))).id, tenant: '', metadata: undefined }),
    ],
    ['GetTask no-such-task', () => client.getTask({ id: 'no-such-task', tenant: '', historyLength: undefined })],
  ];
  for (const [what, run] of errors) {
    console.log(`> ${what}`);
    console.log(`  ${await run().then(() => 'unexpectedly succeeded', failure)}\n`);
  }
  const options = ClientFactoryOptions.createFrom(ClientFactoryOptions.default, { preferredTransports: ['HTTP+JSON'] });
  const rest = await new ClientFactory(options).createFromUrl(app.baseUrl);
  console.log(
    '> HTTP+JSON: POST /a2a/rest/message:send data {"skill":"service_get_page","input":{"slug":"about"}}, then GET /a2a/rest/tasks/{id}',
  );
  const overRest = await send(rest, call('service_get_page', { slug: 'about' }));
  const again = await rest.getTask({ id: overRest.id, tenant: '', historyLength: undefined });
  console.log(`  task ${again.id}: artifact "${resultOf(again).skill}", ${resultOf(again).text.split('\n')[0]}\n`);
  console.log('> HTTP+JSON: POST /a2a/rest/tasks/{id}:cancel');
  console.log(
    `  ${await rest.cancelTask({ id: overRest.id, tenant: '', metadata: undefined }).then(() => 'unexpectedly succeeded', failure)}\n`,
  );
  const stream = await rpc(app, {
    jsonrpc: '2.0',
    id: 1,
    method: 'SendStreamingMessage',
    params: { message: { messageId: 's', role: 'ROLE_USER', parts: [{ text: 'hi' }] } },
  });
  console.log(
    '> SendStreamingMessage (raw JSON-RPC; the client would fall back to SendMessage, as the card says no streaming)',
  );
  console.log(`  HTTP ${stream.status} ${JSON.stringify(stream.json.error)}`);
}

const target = process.argv[2];
const app = target ? ({ baseUrl: target.replace(/\/$/, '') } as TestApp) : await startTestApp();
try {
  await transcript(await clientFor(app), app, !target);
} finally {
  if (!target) await app.stop();
}
