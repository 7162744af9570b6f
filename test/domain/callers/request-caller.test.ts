import assert from 'node:assert/strict';
import http from 'node:http';
import { after, before, describe, it } from 'node:test';
import { createCallers } from '../../../src/domain/callers/callers.ts';
import type { Caller } from '../../../src/domain/callers/caller.ts';
import { requestCaller } from '../../../src/domain/callers/request-caller.ts';
import { nodeCallerRequestOf } from '../../../src/http/caller-request.ts';
import { closeServer, listenOnLoopback } from '../../helpers/loopback-server.ts';
import { newKey, startDirectory, type DirectoryServer, type TestKey } from './signer.ts';

describe('requestCaller', () => {
  let key: TestKey;
  let directory: DirectoryServer;
  let server: http.Server;
  let site: string;
  /** What the server saw for each request: the first answer, a second ask, and the settled value. */
  const seen: {
    first: Caller | Promise<Caller>;
    again: Caller | Promise<Caller>;
    settledBefore?: Caller;
    settledAfter?: Caller;
  }[] = [];

  before(async () => {
    key = await newKey();
    directory = await startDirectory([key.publicJwk]);
    server = http.createServer(async (request, response) => {
      const known = requestCaller(nodeCallerRequestOf(request), callers);
      const first = known.get();
      const again = known.get();
      const settledBefore = known.settled();
      const caller = await first;
      seen.push({ first, again, settledBefore, settledAfter: known.settled() });
      response.end(JSON.stringify(caller));
    });
    site = await listenOnLoopback(server);
    callers = createCallers({ keyDirectories: [directory.origin], siteUrls: [site] });
  });
  after(async () => {
    await closeServer(server);
    await directory.close();
  });
  let callers: ReturnType<typeof createCallers>;

  it('answers an unsigned request at once, the same Caller each time it is asked', async () => {
    const response = await fetch(`${site}/llms.txt`, { headers: { 'user-agent': 'Claude-User/1.0' } });
    assert.equal(((await response.json()) as Caller).family, 'Anthropic');
    const last = seen.at(-1)!;
    assert.ok(!(last.first instanceof Promise));
    assert.equal(last.again, last.first);
    assert.equal(last.settledBefore, last.first);
  });

  it('verifies a signed request once, and remembers the verified caller for later readers', async () => {
    const headers = await key.sign(`${site}/agent/health`, { 'signature-agent': `"${directory.origin}"` });
    const response = await fetch(`${site}/agent/health`, { headers });
    assert.equal(((await response.json()) as Caller).verified, true);
    const last = seen.at(-1)!;
    assert.ok(last.first instanceof Promise);
    assert.equal(last.again, last.first, 'a second ask shares the verification under way');
    assert.equal(last.settledBefore, undefined);
    assert.equal(last.settledAfter?.agentKey, directory.origin);
  });
});
