// The signed A2A agent card (§8.4) as a client checks it: fetch the card and the JWKS its `jku`
// names, rebuild the payload with an RFC 8785 library from npm (canonicalize) and verify the detached
// JWS with jose. Any edit to the card must break the signature.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { decodeProtectedHeader, type JWK } from 'jose';
import Fastify from 'fastify';
import { loadConfig } from '../../src/config/config.ts';
import { createCardKeys, type CardKeys } from '../../src/domain/card-signing/card-keys.ts';
import { loadContent } from '../../src/domain/content/loader.ts';
import { registerDiscoveryRoutes } from '../../src/surfaces/documents/index.ts';
import { createLogger } from '../../src/kernel/logger.ts';
import { documentCatalog } from '../helpers/catalog.ts';
import { tempSqliteStore } from '../helpers/sqlite-store.ts';
import { buildSiteApp, type SiteApp } from '../site/site-app.ts';
import { verifyCard, type Card } from './card-verify.ts';
import { ResponseCache } from '../../src/cache/response-cache.ts';

describe('signed agent card', () => {
  let site: SiteApp;
  let card: Card;
  let jwks: { keys: JWK[] };

  before(async () => {
    site = await buildSiteApp();
    card = (await site.app.inject('/.well-known/agent-card.json')).json();
    const jwksReply = await site.app.inject('/.well-known/agent-card-jwks.json');
    assert.equal(jwksReply.headers['content-type'], 'application/jwk-set+json');
    jwks = jwksReply.json();
  });
  after(async () => site.app.close());

  it('carries one signature whose protected header has alg, typ JOSE, kid and the jku of the card keys', () => {
    const header = decodeProtectedHeader({ protected: card.signatures![0]!.protected } as never);
    assert.deepEqual(Object.keys(header).sort(), ['alg', 'jku', 'kid', 'typ']);
    assert.equal(header.alg, 'EdDSA');
    assert.equal(header.typ, 'JOSE');
    assert.equal(header.jku, `${site.baseUrl}/.well-known/agent-card-jwks.json`);
    assert.deepEqual(
      jwks.keys.map((key) => [key.kid, key.kty, key.crv, key.alg, key.use, 'd' in key]),
      [[header.kid, 'OKP', 'Ed25519', 'EdDSA', 'sig', false]],
    );
  });

  it('verifies with jose over the JCS form of the card without signatures', async () => {
    assert.equal(await verifyCard(card, jwks), jwks.keys[0]!.kid);
  });

  it('fails to verify after any edit: a value, a nested value, an added or a removed field, a reordered list', async () => {
    const edits: [string, (copy: Card) => void][] = [
      ['name', (copy) => void (copy.name = `${String(copy.name)}!`)],
      [
        'an interface URL',
        (copy) => void ((copy.supportedInterfaces as { url: string }[])[0]!.url = 'https://attacker.example/a2a'),
      ],
      ['a skill description', (copy) => void ((copy.skills as { description: string }[])[1]!.description += ' ')],
      ['an added field', (copy) => void (copy.url = 'https://attacker.example/a2a')],
      ['a removed field', (copy) => void delete copy.documentationUrl],
      ['a capability flag', (copy) => void ((copy.capabilities as Record<string, boolean>).streaming = true)],
      ['the order of skills', (copy) => void (copy.skills as unknown[]).reverse()],
    ];
    for (const [what, edit] of edits) {
      const copy = structuredClone(card);
      edit(copy);
      await assert.rejects(verifyCard(copy, jwks), /signature verification failed/, what);
    }
  });

  it('holds no field §8.4.1 drops as a default (empty list, empty string, null), so every verifier rebuilds the same payload', () => {
    const defaults: string[] = [];
    const walk = (value: unknown, path: string): void => {
      if (value === null || value === '' || (Array.isArray(value) && value.length === 0)) defaults.push(path);
      else if (typeof value === 'object')
        for (const [key, child] of Object.entries(value)) walk(child, `${path}.${key}`);
    };
    walk(card, 'card');
    assert.deepEqual(defaults, []);
  });

  it('leaves /.well-known/jwks.json the empty key set of the OAuth metadata', async () => {
    const reply = await site.app.inject('/.well-known/jwks.json');
    assert.deepEqual(reply.json(), { keys: [] });
  });
});

describe('signed agent card while its keys cannot be read', () => {
  it('serves the card unsigned and not to be cached, the JWKS as 503, and signs once the keys can be read', async () => {
    const config = loadConfig({ LOG_LEVEL: 'silent', BASE_URL: 'https://verto.example' });
    const store = await tempSqliteStore('agentsite-card-');
    const keys = createCardKeys({ db: store.db, logger: createLogger('silent') });
    let down = true;
    const outage: CardKeys = {
      current: () => (down ? Promise.reject(new Error('database down')) : keys.current()),
      refresh: keys.refresh,
    };
    const app = Fastify();
    const content = await loadContent(config.contentDir);
    registerDiscoveryRoutes(app, {
      config,
      content,
      cardKeys: outage,
      catalog: documentCatalog(config, content),
      responseCache: new ResponseCache(config.responseCacheBytes),
    });
    try {
      const card = await app.inject('/.well-known/agent-card.json');
      assert.equal(card.statusCode, 200);
      assert.equal(card.headers['cache-control'], 'no-store');
      assert.equal(card.json().signatures, undefined);
      const jwks = await app.inject('/.well-known/agent-card-jwks.json');
      assert.equal(jwks.statusCode, 503);
      assert.equal(jwks.json().status, 'service_unavailable');

      down = false;
      const signed = await app.inject('/.well-known/agent-card.json');
      assert.equal(signed.headers['cache-control'], 'public, max-age=3600');
      await verifyCard(signed.json(), (await app.inject('/.well-known/agent-card-jwks.json')).json());
    } finally {
      await app.close();
      await store.close();
    }
  });
});

describe('signed agent card in the response cache', () => {
  async function serve(
    cacheBytes: number,
  ): Promise<{ app: ReturnType<typeof Fastify>; cache: ResponseCache; close(): Promise<void> }> {
    const config = loadConfig({ LOG_LEVEL: 'silent', BASE_URL: 'https://verto.example' });
    const store = await tempSqliteStore('agentsite-card-');
    const cardKeys = createCardKeys({ db: store.db, logger: createLogger('silent') });
    const app = Fastify();
    const content = await loadContent(config.contentDir);
    const cache = new ResponseCache(cacheBytes);
    registerDiscoveryRoutes(app, {
      config,
      content,
      cardKeys,
      catalog: documentCatalog(config, content),
      responseCache: cache,
    });
    const close = async (): Promise<void> => {
      await app.close();
      await store.close();
    };
    return { app, cache, close };
  }
  const bodyUse = (cache: ResponseCache) => cache.stats().byUse.body ?? { hits: 0, misses: 0 };

  it('keeps the signed card and its JWKS there: a second request is a hit with the same bytes', async () => {
    const { app, cache, close } = await serve(64 * 1024 * 1024);
    try {
      const first = await app.inject('/.well-known/agent-card.json');
      await app.inject('/.well-known/agent-card-jwks.json');
      const kept = bodyUse(cache);
      const second = await app.inject('/.well-known/agent-card.json');
      await app.inject('/.well-known/agent-card-jwks.json');
      assert.equal(second.body, first.body);
      assert.deepEqual(bodyUse(cache), { hits: kept.hits + 2, misses: kept.misses });
    } finally {
      await close();
    }
  });

  it('signs it again, to the same bytes, when the cache cannot keep it: nothing holds it beside the cache', async () => {
    const { app, cache, close } = await serve(2_000);
    try {
      const first = await app.inject('/.well-known/agent-card.json');
      const missed = bodyUse(cache).misses;
      const second = await app.inject('/.well-known/agent-card.json');
      assert.equal(bodyUse(cache).misses, missed + 1);
      assert.equal(second.body, first.body);
      await verifyCard(second.json(), (await app.inject('/.well-known/agent-card-jwks.json')).json());
    } finally {
      await close();
    }
  });
});
