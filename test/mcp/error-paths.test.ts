// Every error path of every tool, through both official SDK clients after they have listed the tools
// (which makes the 1.x client check each result against the tool's output schema): each must come
// back as a readable tool error, never as an error thrown by the client.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { eras, legacy, textOf, type ListedTool, type TestClient, type ToolCallResult } from './clients.ts';

const key = 'partner-key-error-paths-0123';
const enquiry = {
  fromName: 'Ada Lovelace',
  fromEmail: 'ada@example.com',
  message: 'Please call me about account-based marketing.',
};

/** What each error path answered, printed as the suite's diagnostics (a transcript of both clients). */
const transcript: string[] = [];

/** A readable tool error: isError, some text, and no structuredContent to trip a schema check. */
function assertToolError(result: ToolCallResult, pattern: RegExp): void {
  transcript.push(
    `isError=${result.isError} structuredContent=${result.structuredContent === undefined ? 'none' : 'present'} ` +
      `"${textOf(result).split('\n')[0]!.slice(0, 110)}"`,
  );
  assert.equal(result.isError, true, JSON.stringify(result).slice(0, 300));
  assert.match(textOf(result), pattern);
  assert.equal(result.structuredContent, undefined, 'an error carries no structuredContent');
}

/** Arguments that break every declared property's type: an object where a string, number or enum is due. */
function wrongTypes(tool: ListedTool): Record<string, unknown> {
  const properties = Object.keys((tool.inputSchema.properties ?? {}) as Record<string, unknown>);
  return Object.fromEntries(properties.map((name) => [name, { not: ['a', 'value'] }]));
}

describe('every tool error path reaches both SDK clients as a readable tool error', () => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp({ TRUST_PROXY: 'loopback', ASSESSMENT_API_KEYS: key });
  });
  after(() => app.stop());
  after(() => {
    for (const line of transcript.splice(0)) console.log(`# ${line}`);
  });

  eras.forEach((era, index) => {
    describe(`over ${era.name}`, () => {
      before(() => void transcript.push(`--- ${era.name}`));
      const address = `203.0.113.${40 + index}`;
      let client: TestClient;
      let tools: ListedTool[];
      const tool = (suffix: string): string => `service_${suffix}`;
      before(async () => {
        client = await era.connect(app.mcpUrl, { 'x-forwarded-for': address, authorization: `Bearer ${key}` });
        tools = await client.listTools();
      });
      after(() => client.close());

      it('answers invalid input to every tool with the fields at fault', async () => {
        const checked = tools.filter((listed) => Object.keys(wrongTypes(listed)).length > 0);
        assert.ok(checked.length >= 8, `tools with inputs: ${checked.map((t) => t.name).join(', ')}`);
        for (const listed of checked)
          assertToolError(await client.callTool(listed.name, wrongTypes(listed)), /invalid/i);
      });

      it('names an unknown page slug', async () => {
        assertToolError(
          await client.callTool(tool('get_page'), { slug: 'services/no-such-service' }),
          /no-such-service/,
        );
      });

      it('refuses a wrong assessment key, and a missing one', async () => {
        for (const [headers, refusal] of [
          [{ authorization: 'Bearer not-the-key' }, /not accepted/],
          [{}, /No API key was sent/],
        ] as const) {
          const other = await era.connect(app.mcpUrl, { 'x-forwarded-for': address, ...headers });
          try {
            await other.listTools();
            assertToolError(await other.callTool(tool('request_assessment'), enquiry), refusal);
          } finally {
            await other.close();
          }
        }
      });

      it('refuses an idempotency key reused for another enquiry', async () => {
        const first = await client.callTool(tool('send_enquiry'), { ...enquiry, idempotencyKey: `paths-${index}` });
        assert.equal(first.isError, undefined, textOf(first));
        const other = { ...enquiry, message: 'A different message entirely.', idempotencyKey: `paths-${index}` };
        assertToolError(await client.callTool(tool('send_enquiry'), other), /idempotencyKey/);
      });

      it('says when to retry once the enquiry budget is spent', async () => {
        let result = await client.callTool(tool('send_enquiry'), enquiry);
        for (let sent = 0; !result.isError && sent < 10; sent += 1)
          result = await client.callTool(tool('send_enquiry'), enquiry);
        assertToolError(result, /Too many enquiries.*Retry after \d+ seconds/s);
        assert.ok(Number(result._meta?.retryAfter) > 0);
      });

      it('says when to retry once the read budget is spent, on every read tool', async () => {
        const exampleOf = (name: string): Record<string, unknown> =>
          app.app.services.catalog.capabilities.find((capability) => capability.name === name)?.examples[0] ?? {};
        const reads = tools.filter((listed) => listed.annotations?.readOnlyHint === true);
        assert.ok(reads.length >= 7);
        // The budget's window is the clock minute: spend it, then call at once; if a new minute
        // began in between, a call is answered, and the round is run again.
        for (let round = 0; round < 3; round += 1) {
          while (
            (await fetch(`${app.baseUrl}/agent/health`, { headers: { 'x-forwarded-for': address } })).status !== 429
          );
          // Valid arguments (each capability's first example): invalid ones are refused before the budget is read.
          const results = await Promise.all(
            reads.map((listed) => client.callTool(listed.name, exampleOf(listed.name))),
          );
          if (results.some((result) => !result.isError)) continue;
          for (const result of results) assertToolError(result, /Retry after \d+ seconds/);
          return;
        }
        assert.fail('the read budget was never seen spent');
      });
    });
  });
});

describe('every tool that writes, when the database is unreachable', () => {
  it('answers both SDK clients with a tool error saying nothing was sent', async () => {
    const app = await startTestApp({ ASSESSMENT_API_KEYS: key });
    const clients = await Promise.all(eras.map((era) => era.connect(app.mcpUrl, { authorization: `Bearer ${key}` })));
    try {
      for (const client of clients) await client.listTools();
      await app.app.services.store.db.destroy();
      for (const client of clients) {
        for (const name of ['service_send_enquiry', 'service_request_assessment']) {
          assertToolError(await client.callTool(name, enquiry), /could not be recorded right now; nothing was sent/);
        }
      }
      assert.equal(clients.length, eras.length);
      assert.ok(eras.includes(legacy));
    } finally {
      for (const client of clients) await client.close();
      await app.stop();
    }
  });
});
