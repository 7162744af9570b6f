import { strict as assert } from 'node:assert';
import { after, before, describe, it } from 'node:test';
import { parseAllowList, publicPolicy, type FetchPolicy } from '../../../src/audit/fetch/address-policy.ts';
import { FetchFailed, FetchRefused } from '../../../src/audit/fetch/errors.ts';
import { createAuditFetcher, type AuditFetcherOptions } from '../../../src/audit/fetch/guarded-fetch.ts';
import { recordingServer, type RecordingServer } from './recording-server.ts';

let site: RecordingServer;
let other: RecordingServer;
before(async () => {
  site = await recordingServer();
  other = await recordingServer(undefined, '127.0.0.2');
});
after(async () => {
  await site.close();
  await other.close();
});

/** A public policy whose only extra is the test servers' ports, as if they were 80 and 443. */
const onPorts = (allow: string[] = []): FetchPolicy =>
  publicPolicy(parseAllowList(allow), [String(site.port), String(other.port)]);

async function get(
  url: string,
  policy: FetchPolicy,
  extra: Partial<AuditFetcherOptions> = {},
  init?: RequestInit,
): Promise<Response> {
  const fetcher = createAuditFetcher({ policy, userAgent: 'agentsite-audit/test', ...extra });
  try {
    const response = await fetcher.fetch(url, init);
    await response.arrayBuffer();
    return response;
  } finally {
    await fetcher.close();
  }
}

async function refused(url: string, policy: FetchPolicy, why: RegExp): Promise<void> {
  await assert.rejects(
    get(url, policy),
    (error: Error) => error instanceof FetchRefused && why.test(error.message),
    url,
  );
}

describe('the audit fetcher in public mode', () => {
  it('reaches a loopback server only when AUDIT_ALLOW_HOSTS names it', async () => {
    const before = site.connections;
    await refused(`${site.url}/`, onPorts(), /loopback/);
    assert.equal(site.connections, before, 'the refused fetch opened no connection');
    assert.equal((await get(`${site.url}/`, onPorts(['127.0.0.1']))).status, 200);
    assert.equal(site.connections, before + 1);
  });

  it('reaches an IPv6 loopback server only when AUDIT_ALLOW_HOSTS names it', async (t) => {
    const six = await recordingServer(undefined, '::1').catch(() => undefined);
    if (!six) return t.skip('this host has no IPv6 loopback');
    try {
      const ports = (allow: string[]): FetchPolicy => publicPolicy(parseAllowList(allow), [String(six.port)]);
      for (const url of [
        `${six.url}/`,
        `http://[::ffff:127.0.0.1]:${six.port}/`,
        `http://[0:0:0:0:0:0:0:1]:${six.port}/`,
      ])
        await refused(url, ports([]), /loopback/);
      assert.equal(six.connections, 0);
      assert.equal((await get(`${six.url}/`, ports(['::1']))).status, 200);
      assert.equal(six.connections, 1);
    } finally {
      await six.close();
    }
  });

  it('refuses a name that resolves to a loopback address when it connects, before any byte is sent', async () => {
    const before = site.connections;
    await refused(`http://localhost:${site.port}/`, onPorts(), /localhost resolves to loopback/);
    assert.equal(site.connections, before);
  });

  it('allows a CIDR and a host name from the allow-list', async () => {
    assert.equal((await get(`${site.url}/`, onPorts(['127.0.0.0/8']))).status, 200);
    assert.equal((await get(`http://localhost:${site.port}/`, onPorts(['localhost']))).status, 200);
  });

  for (const [label, host] of [
    ['private 10/8', '10.0.0.1'],
    ['private 172.16/12', '172.16.0.1'],
    ['private 192.168/16', '192.168.1.1'],
    ['link-local (cloud metadata)', '169.254.169.254'],
    ['carrier-grade NAT', '100.64.0.1'],
    ['multicast', '224.0.0.1'],
    ['unspecified', '0.0.0.0'],
    ['broadcast', '255.255.255.255'],
    ['IPv6 loopback', '[::1]'],
    ['IPv6 unspecified', '[::]'],
    ['IPv6 link-local', '[fe80::1]'],
    ['IPv6 unique-local', '[fc00::1]'],
    ['IPv6 multicast', '[ff02::1]'],
    ['IPv4-mapped IPv6 loopback', '[::ffff:127.0.0.1]'],
    ['IPv4-mapped IPv6 private', '[::ffff:10.0.0.1]'],
    ['6to4 of loopback', '[2002:7f00:1::]'],
    ['NAT64 of loopback', '[64:ff9b::7f00:1]'],
  ] as const) {
    it(`refuses a ${label} address before connecting`, async () => {
      await refused(`http://${host}/`, publicPolicy(), /address$/);
    });
  }

  for (const [label, host] of [
    ['decimal', '2130706433'],
    ['octal', '0177.0.0.1'],
    ['hex', '0x7f.0.0.1'],
    ['short', '127.1'],
    ['hex short', '0x7f.1'],
  ] as const) {
    it(`refuses an IPv4 address in ${label} spelling (${host}), even on an allowed port`, async () => {
      const before = site.connections;
      await refused(`http://${host}:${site.port}/`, onPorts(['127.0.0.1']), /written as/);
      assert.equal(site.connections, before);
    });
  }

  it('refuses other ports, other schemes and credentials in the URL', async () => {
    await refused('http://example.com:8080/', publicPolicy(), /port 8080/);
    await refused('https://example.com:22/', publicPolicy(), /port 22/);
    await refused('ftp://example.com/', publicPolicy(), /scheme ftp/);
    await refused('file:///etc/passwd', publicPolicy(), /scheme file/);
    await refused(`http://user:secret@127.0.0.1:${site.port}/`, onPorts(['127.0.0.1']), /credentials/);
  });
});

describe('the audit fetcher and redirects', () => {
  it('refuses a redirect from an allowed host to a refused one, which is never connected to', async () => {
    const hop = await recordingServer((_request, response) =>
      response.writeHead(302, { location: `${other.url}/secret` }).end(),
    );
    try {
      const before = other.connections;
      const policy = publicPolicy(parseAllowList(['127.0.0.1']), [String(hop.port), String(other.port)]);
      await refused(`${hop.url}/`, policy, /127\.0\.0\.2.*loopback/);
      assert.equal(other.connections, before);
      for (const location of [
        `http://[::1]:${other.port}/`,
        `http://0x7f000002:${other.port}/`,
        'file:///etc/passwd',
      ]) {
        const bounce = await recordingServer((_request, response) => response.writeHead(301, { location }).end());
        try {
          await refused(
            `${bounce.url}/`,
            publicPolicy(parseAllowList(['127.0.0.1']), [String(bounce.port), String(other.port)]),
            /refused/,
          );
        } finally {
          await bounce.close();
        }
      }
      assert.equal(other.connections, before);
    } finally {
      await hop.close();
    }
  });

  it('follows at most 5 redirects', async () => {
    const loop = await recordingServer((request, response) => {
      const n = Number(new URL(request.url ?? '/', 'http://x').searchParams.get('n') ?? 0);
      response.writeHead(n < 5 ? 302 : 200, { location: `/?n=${n + 1}` }).end('done');
    });
    try {
      const policy = publicPolicy(parseAllowList(['127.0.0.1']), [String(loop.port)]);
      assert.equal((await get(`${loop.url}/?n=0`, policy)).status, 200, 'five redirects are followed');
      await assert.rejects(
        get(`${loop.url}/?n=-1`, policy),
        (error: Error) => error instanceof FetchFailed && /more than 5 redirects/.test(error.message),
      );
    } finally {
      await loop.close();
    }
  });
});

describe('the audit fetcher limits', () => {
  const allowed = (): FetchPolicy => onPorts(['127.0.0.1']);

  it('stops a response larger than the size limit', async () => {
    const big = await recordingServer((_request, response) => {
      response.write('x'.repeat(4_000));
      response.end('y'.repeat(4_000));
    });
    try {
      await assert.rejects(
        get(`${big.url}/`, publicPolicy(parseAllowList(['127.0.0.1']), [String(big.port)]), {
          limits: { maxResponseBytes: 1_000 },
        }),
        (error: Error) => error instanceof FetchFailed && /limit/.test(error.message),
      );
    } finally {
      await big.close();
    }
  });

  it('stops reading once the audit as a whole has read its bytes', async () => {
    const fetcher = createAuditFetcher({
      policy: allowed(),
      userAgent: 'agentsite-audit/test',
      limits: { maxAuditBytes: 3 },
    });
    try {
      assert.equal(await (await fetcher.fetch(`${site.url}/`)).text(), 'ok');
      await assert.rejects((await fetcher.fetch(`${site.url}/`)).text(), /the audit read over its 3 bytes/);
    } finally {
      await fetcher.close();
    }
  });

  it('gives up on a server that does not answer in time', async () => {
    const silent = await recordingServer(() => undefined);
    try {
      const started = Date.now();
      await assert.rejects(
        get(`${silent.url}/`, publicPolicy(parseAllowList(['127.0.0.1']), [String(silent.port)]), {
          limits: { fetchTimeoutMs: 200 },
        }),
        (error: Error) => error instanceof FetchFailed && /in time/.test(error.message),
      );
      assert.ok(Date.now() - started < 2_000);
    } finally {
      await silent.close();
    }
  });

  it('stops every request once the audit as a whole has run out of time', async () => {
    const silent = await recordingServer(() => undefined);
    try {
      await assert.rejects(
        get(`${silent.url}/`, publicPolicy(parseAllowList(['127.0.0.1']), [String(silent.port)]), {
          limits: { auditTimeoutMs: 200 },
        }),
        (error: Error) => error instanceof FetchFailed && /audit's 0.2 s ran out/.test(error.message),
      );
    } finally {
      await silent.close();
    }
  });

  it('sends no more requests than the audit allows', async () => {
    const fetcher = createAuditFetcher({
      policy: allowed(),
      userAgent: 'agentsite-audit/test',
      limits: { maxFetches: 2 },
    });
    try {
      for (let i = 0; i < 2; i += 1) await (await fetcher.fetch(`${site.url}/`)).text();
      await assert.rejects(fetcher.fetch(`${site.url}/`), /more than 2 requests/);
    } finally {
      await fetcher.close();
    }
  });

  it('sends no cookie and no credential, and names the auditor in User-Agent', async () => {
    const count = site.requests.length;
    await get(
      `${site.url}/`,
      allowed(),
      {},
      { headers: { authorization: 'Bearer secret', cookie: 'session=1', 'user-agent': 'curl/8' } },
    );
    const headers = site.requests[count]!;
    assert.equal(headers.authorization, undefined);
    assert.equal(headers.cookie, undefined);
    assert.equal(headers['user-agent'], 'agentsite-audit/test');
  });
});
