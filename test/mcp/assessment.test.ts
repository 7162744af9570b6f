// request_assessment and its bearer key (ASSESSMENT_API_KEYS): no key, a wrong key, a plain key and
// a sha256: entry, in both protocol eras. A refused call is a tool error that says how to get a key.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { Writable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import { pino } from 'pino';
import { startApp } from '../../src/app/app.ts';
import { loadConfig } from '../../src/config/config.ts';
import { bearerToken, createKeyCheck } from '../../src/capabilities/assessment-keys.ts';
import { freePorts, freshDatabaseUrl, startTestApp, type TestApp } from '../helpers/app.ts';
import { eras, textOf } from './clients.ts';

const plainKey = 'partner-key-0123456789';
const hashedKey = 'hashed-partner-key-abcdef';
const sha = (value: string): string => createHash('sha256').update(value).digest('hex');
const request = {
  fromName: 'Katherine Johnson',
  fromEmail: 'katherine@example.com',
  organization: 'Orbital SaaS',
  message: 'Our partner client would like a Pipeline Readiness Assessment in May.',
};

describe('request_assessment bearer keys', () => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp({ ASSESSMENT_API_KEYS: `${plainKey}, sha256:${sha(hashedKey)}` });
  });
  after(() => app.stop());

  for (const era of eras) {
    describe(`over ${era.name}`, () => {
      const call = async (
        headers: Record<string, string>,
      ): Promise<Awaited<ReturnType<Awaited<ReturnType<typeof era.connect>>['callTool']>>> => {
        const client = await era.connect(app.mcpUrl, headers);
        try {
          return await client.callTool('service_request_assessment', request);
        } finally {
          await client.close();
        }
      };

      it('refuses a call without a key with a tool error that says how to get one', async () => {
        const result = await call({});
        assert.equal(result.isError, true);
        assert.match(textOf(result), /No API key was sent.*Authorization: Bearer <API key>.*service_send_enquiry/s);
        assert.equal(result.structuredContent, undefined);
      });

      it('refuses a wrong key without echoing it', async () => {
        const result = await call({ authorization: 'Bearer not-the-key' });
        assert.equal(result.isError, true);
        assert.match(textOf(result), /not accepted/);
        assert.ok(!textOf(result).includes('not-the-key'));
      });

      it('accepts a configured key and records an assessment request', async () => {
        const result = await call({ authorization: `Bearer ${plainKey}` });
        assert.equal(result.isError, undefined, textOf(result));
        assert.match(String(result.structuredContent?.reference), /^enq_[0-9a-f]{16}$/);
        const row = await app.app.services.store.db
          .selectFrom('enquiries')
          .select(['kind', 'topic', 'channel'])
          .where('reference', '=', String(result.structuredContent?.reference))
          .executeTakeFirstOrThrow();
        assert.deepEqual({ ...row }, { kind: 'assessment', topic: 'assessment', channel: 'mcp' });
      });

      it('accepts a key that matches a sha256: entry by hash', async () => {
        const result = await call({ authorization: `bearer ${hashedKey}` });
        assert.equal(result.isError, undefined, textOf(result));
      });
    });
  }
});

describe('request_assessment logging', () => {
  it('logs refusals by reason and never logs a key, at debug level', async () => {
    let logged = '';
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logged += chunk.toString();
        done();
      },
    });
    const [port, mcpPort] = (await freePorts(2)) as [number, number];
    const config = loadConfig({
      PORT: String(port),
      MCP_PORT: String(mcpPort),
      DATABASE_URL: await freshDatabaseUrl(),
      ASSESSMENT_API_KEYS: plainKey,
      LOG_LEVEL: 'debug',
    });
    const running = await startApp(config, { logger: pino({ level: 'debug' }, sink) });
    try {
      const url = `http://127.0.0.1:${config.mcpPort}/mcp`;
      for (const era of eras) {
        for (const authorization of ['Bearer wrong-key-9876', `Bearer ${plainKey}`]) {
          const client = await era.connect(url, { authorization });
          await client.callTool('service_request_assessment', request);
          await client.close();
        }
      }
    } finally {
      await running.stop();
    }
    assert.match(logged, /"reason":"key_not_accepted"/);
    assert.match(logged, /"reference":"enq_[0-9a-f]{16}"/);
    for (const secret of [plainKey, 'wrong-key-9876', request.fromEmail, request.fromName])
      assert.ok(!logged.includes(secret), secret);
  });
});

describe('createKeyCheck', () => {
  it('matches plain and hashed keys and nothing else', () => {
    const check = createKeyCheck(['alpha', `sha256:${sha('beta')}`]);
    assert.equal(check('Bearer alpha'), true);
    assert.equal(check('Bearer beta'), true);
    assert.equal(check(`Bearer ${sha('beta')}`), false, 'the digest itself is not a key');
    assert.equal(check('Bearer alph'), false);
    assert.equal(check('Basic alpha'), false);
    assert.equal(check(undefined), false);
    assert.equal(createKeyCheck([])('Bearer alpha'), false);
  });

  it('reads the token of a Bearer header, scheme case-insensitive', () => {
    assert.equal(bearerToken('Bearer abc.DEF-1_2~3+4/5='), 'abc.DEF-1_2~3+4/5=');
    assert.equal(bearerToken('BEARER  tok '), 'tok');
    assert.equal(bearerToken('Bearer'), undefined);
    assert.equal(bearerToken('Bearer a b'), undefined);
  });
});
