// The blocked ports are the ones Node's own fetch refuses: each listed port fails with "bad port"
// before any connection, and the ports beside them that are not listed are tried (and, with nothing
// listening on this machine's loopback there, fail to connect instead).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { portFetchRefuses } from '../../src/kernel/fetch-ports.ts';

/** Why fetch failed to reach the port on loopback, or 'answered'. */
async function fetchOutcome(port: number): Promise<string> {
  try {
    await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(2_000) });
    return 'answered';
  } catch (error) {
    const cause = (error as { cause?: { message?: string; code?: string } }).cause;
    return cause?.message === 'bad port' ? 'bad port' : (cause?.code ?? 'failed');
  }
}

describe('the ports fetch refuses', () => {
  it('are the ports Node’s fetch refuses, no more and no fewer around each', async () => {
    const listed = new Set<number>();
    for (let port = 1; port <= 65_535; port += 1) if (portFetchRefuses(`http://a.test:${port}`)) listed.add(port);
    assert.ok(listed.has(10_080) && listed.has(6_000), 'the list holds the ports the standard names');
    const beside = [...listed].flatMap((port) => [port - 1, port + 1]).filter((port) => port > 0 && !listed.has(port));
    for (const port of listed) assert.equal(await fetchOutcome(port), 'bad port', `port ${port}`);
    for (const port of beside) assert.notEqual(await fetchOutcome(port), 'bad port', `port ${port}`);
  });

  it('leaves a URL on its default port, one of another scheme and one that does not parse to the other checks', () => {
    assert.equal(portFetchRefuses('https://crm.example/hook'), undefined);
    assert.equal(portFetchRefuses('https://crm.example:443/hook'), undefined);
    assert.equal(portFetchRefuses('smtp://mail.example:25'), undefined);
    assert.equal(portFetchRefuses('not a url'), undefined);
    assert.equal(portFetchRefuses('https://crm.example:10080/hook'), 10_080);
  });
});
