// The web-bot-auth check on key directories as draft-ietf-webbotauth-httpsig-protocol-00 has them:
// a key's kid may be left out (a signature names the key by its thumbprint), and one that is given
// must be that thumbprint.
import { strict as assert } from 'node:assert';
import { generateKeyPairSync } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { helpers, jwkToKeyID } from 'web-bot-auth';
import { webBotAuth } from '../../src/audit/checks/web-bot-auth.ts';
import { loopbackAllowed } from '../domain/audit/audit-helpers.ts';
import { documentSite, htmlDoc, jsonDoc, type DocumentSite } from './document-site.ts';
import { runCheck } from './run-check.ts';

let site: DocumentSite;
before(async () => {
  site = await documentSite();
});
after(async () => site?.close());

const directoryType = 'application/http-message-signatures-directory+json';

async function verdict(keys: unknown[]) {
  site.docs = {
    '/': htmlDoc('<title>Agent operator</title>'),
    '/.well-known/http-message-signatures-directory': jsonDoc({ keys }, directoryType),
  };
  return runCheck(webBotAuth, `${site.url}/`, loopbackAllowed);
}

describe('the web-bot-auth check', () => {
  it('passes keys without a kid and keys whose kid is their thumbprint', async () => {
    const bare = generateKeyPairSync('ed25519').publicKey.export({ format: 'jwk' });
    const named = generateKeyPairSync('ed25519').publicKey.export({ format: 'jwk' });
    const kid = await jwkToKeyID(named, helpers.WEBCRYPTO_SHA256, helpers.BASE64URL_DECODE);
    const check = await verdict([bare, { ...named, kid }]);
    assert.equal(check.status, 'pass', check.message);
    assert.equal(check.message, 'key directory with 2 keys, each a JWK whose kid, where given, is its thumbprint');
  });

  it('fails a key whose kid is not its thumbprint', async () => {
    const key = generateKeyPairSync('ed25519').publicKey.export({ format: 'jwk' });
    const check = await verdict([{ ...key, kid: 'agent-key-1' }]);
    assert.equal(check.status, 'fail');
    assert.match(check.evidence.value ?? '', /^kid agent-key-1, thumbprint /);
  });
});
