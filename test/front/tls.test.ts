// Front mode toward an https origin verifies its certificate, always: certificates made at test time
// with openssl, one self-signed for another name, one from a local CA that ORIGIN_CA_FILE trusts.
import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { loadConfig } from '../../src/config/config.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { closeServer } from '../helpers/loopback-server.ts';

const folder = mkdtempSync(path.join(os.tmpdir(), 'agentsite-tls-'));
const file = (name: string): string => path.join(folder, name);
const openssl = (...args: string[]): void => void execFileSync('openssl', args, { stdio: 'ignore' });
const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];

/** A local CA, a certificate it signs for 127.0.0.1, and a self-signed one for other.example. */
function makeCertificates(): void {
  openssl(
    'req',
    '-x509',
    ...ec,
    '-keyout',
    file('ca.key'),
    '-out',
    file('ca.pem'),
    '-days',
    '2',
    '-subj',
    '/CN=Agentsite test CA',
  );
  openssl('req', ...ec, '-keyout', file('origin.key'), '-out', file('origin.csr'), '-subj', '/CN=127.0.0.1');
  writeFileSync(file('origin.ext'), 'subjectAltName=IP:127.0.0.1\nbasicConstraints=CA:FALSE\n');
  openssl(
    'x509',
    '-req',
    '-in',
    file('origin.csr'),
    '-CA',
    file('ca.pem'),
    '-CAkey',
    file('ca.key'),
    '-CAcreateserial',
    '-out',
    file('origin.pem'),
    '-days',
    '2',
    '-extfile',
    file('origin.ext'),
  );
  openssl(
    'req',
    '-x509',
    ...ec,
    '-keyout',
    file('other.key'),
    '-out',
    file('other.pem'),
    '-days',
    '2',
    '-subj',
    '/CN=other.example',
    '-addext',
    'subjectAltName=DNS:other.example',
  );
}

async function httpsOrigin(certificate: string): Promise<{ server: Server; url: string }> {
  const server = createServer(
    { key: readFileSync(file(`${certificate}.key`)), cert: readFileSync(file(`${certificate}.pem`)) },
    (_request, response) => response.writeHead(200, { 'content-type': 'text/html' }).end('<p>the secure origin</p>'),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `https://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

const servers: Server[] = [];
const products: TestApp[] = [];
let signed: string;
let selfSigned: string;

before(async () => {
  makeCertificates();
  const byCa = await httpsOrigin('origin');
  const other = await httpsOrigin('other');
  servers.push(byCa.server, other.server);
  signed = byCa.url;
  selfSigned = other.url;
});
after(async () => {
  for (const product of products) await product.stop();
  await Promise.all(servers.map((server) => closeServer(server)));
  rmSync(folder, { recursive: true, force: true });
});

async function pageThrough(
  origin: string,
  env: Record<string, string> = {},
): Promise<{ status: number; text: string; ms: number }> {
  const product = await startTestApp({ ORIGIN_URL: origin, ORIGIN_TIMEOUT_MS: '2000', ...env });
  products.push(product);
  const asked = Date.now();
  const response = await fetch(`${product.baseUrl}/page`);
  return { status: response.status, text: await response.text(), ms: Date.now() - asked };
}

describe('front mode toward an https origin', () => {
  it('refuses a self-signed certificate for another name with the 502 page', async () => {
    const { status, text } = await pageThrough(selfSigned);
    assert.equal(status, 502);
    assert.doesNotMatch(text, /the secure origin/);
  });

  it('refuses a certificate of a CA the system does not trust, and passes it once ORIGIN_CA_FILE names the CA', async () => {
    assert.equal((await pageThrough(signed)).status, 502);
    const trusted = await pageThrough(signed, { ORIGIN_CA_FILE: file('ca.pem') });
    assert.equal(trusted.status, 200);
    assert.match(trusted.text, /the secure origin/);
  });

  it('gives the 504 page when the connection (its TLS handshake) is not made within ORIGIN_TIMEOUT_MS', async () => {
    // Takes the TCP connection and never answers the handshake.
    const silent = net.createServer((socket) => socket.on('error', () => {}));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const { status, text, ms } = await pageThrough(`https://127.0.0.1:${(silent.address() as AddressInfo).port}`, {
        ORIGIN_TIMEOUT_MS: '300',
      });
      assert.equal(status, 504);
      assert.match(text, /taking too long/);
      // Far below undici's own connect timeout (10 s): the deadline is the product's.
      assert.ok(ms < 5_000, `${ms} ms`);
    } finally {
      silent.close();
    }
  });

  it('stops start-up on an ORIGIN_CA_FILE that cannot be read or holds no certificate', () => {
    const origin = { ORIGIN_URL: signed };
    assert.throws(
      () => loadConfig({ ...origin, ORIGIN_CA_FILE: file('missing.pem') }),
      /ORIGIN_CA_FILE cannot be read/,
    );
    assert.throws(
      () => loadConfig({ ...origin, ORIGIN_CA_FILE: file('origin.key') }),
      /ORIGIN_CA_FILE holds no PEM certificate/,
    );
    writeFileSync(file('broken.pem'), '-----BEGIN CERTIFICATE-----\nbm90IGEgY2VydA==\n-----END CERTIFICATE-----\n');
    assert.throws(
      () => loadConfig({ ...origin, ORIGIN_CA_FILE: file('broken.pem') }),
      /ORIGIN_CA_FILE holds a certificate that does not parse/,
    );
  });
});
