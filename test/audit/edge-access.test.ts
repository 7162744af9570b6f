// The edge-access check against a local origin shaped like a CDN with bot rules: it answers a
// browser with the home page and AI agents (by User-Agent) with 403, a Cloudflare-style challenge,
// another page, or a dropped connection, as each test sets it.
import { strict as assert } from 'node:assert';
import type http from 'node:http';
import { after, before, describe, it } from 'node:test';
import { edgeAccess } from '../../src/audit/checks/edge-access.ts';
import { fetchingCrawlerTokens } from '../../src/audit/checks/ai-crawlers.ts';
import { auditSite } from '../../src/audit/run-audit.ts';
import { loopbackAllowed } from '../domain/audit/audit-helpers.ts';
import { recordingServer, type RecordingServer } from '../domain/audit/recording-server.ts';
import { checkOf } from './document-site.ts';
import { runCheck } from './run-check.ts';

const homePage =
  '<!doctype html><html><head><title>Acme</title><script>var nonce="' +
  'x'.repeat(40) +
  '"</script></head><body><h1>Acme builds bridges</h1><p>Steel and concrete bridges for rivers, valleys and railways since 1921, in twelve countries.</p></body></html>';
const challengePage =
  '<!DOCTYPE html><html lang="en-US"><head><title>Just a moment...</title></head><body><div id="challenge-body-text">Verifying you are human.</div><script>window._cf_chl_opt={cType:"managed"};</script><script src="/cdn-cgi/challenge-platform/h/b/orchestrate/chl_page/v1"></script></body></html>';

/** What the edge does with a request whose User-Agent matches: refuse, challenge, serve another page or drop it. */
type Rule = { match: RegExp; answer: 'forbid' | 'challenge' | 'other' | 'drop' };

let rules: Rule[] = [];
let robotsTxt = 'User-agent: *\nAllow: /\n';
let site: RecordingServer;

function edge(request: http.IncomingMessage, response: http.ServerResponse): void {
  const path = new URL(request.url ?? '/', 'http://x').pathname;
  if (path === '/robots.txt') return void response.writeHead(200, { 'content-type': 'text/plain' }).end(robotsTxt);
  const rule = rules.find(({ match }) => match.test(request.headers['user-agent'] ?? ''));
  if (rule?.answer === 'drop') return void request.socket.destroy();
  if (rule?.answer === 'forbid')
    return void response.writeHead(403, { 'content-type': 'text/html' }).end('<h1>Forbidden</h1>');
  if (rule?.answer === 'challenge')
    return void response
      .writeHead(403, { 'content-type': 'text/html; charset=UTF-8', 'cf-mitigated': 'challenge' })
      .end(challengePage);
  if (rule?.answer === 'other')
    return void response
      .writeHead(200, { 'content-type': 'text/html' })
      .end('<title>Acme</title><p>Please enable JavaScript to view this site.</p>');
  response.writeHead(200, { 'content-type': 'text/html' }).end(homePage.replace('x'.repeat(40), String(Math.random())));
}

before(async () => {
  site = await recordingServer(edge);
});
after(async () => site?.close());

const check = (language = 'en') => runCheck(edgeAccess, `${site.url}/`, loopbackAllowed, language);

describe('the edge-access check', () => {
  it('passes a site whose edge gives every agent the page a browser gets, asking as each agent once', async () => {
    rules = [];
    const before = site.requests.length;
    const result = await check();
    assert.equal(result.status, 'pass', result.message);
    assert.equal(
      result.message,
      `every AI agent and crawler asked (${fetchingCrawlerTokens.length}) gets the page a browser gets`,
    );
    const agents = site.requests
      .slice(before)
      .map((headers) => headers['user-agent'] ?? '')
      .filter((agent) => !agent.startsWith('agentsite-audit/'));
    assert.equal(agents.length, fetchingCrawlerTokens.length + 1);
    for (const token of [
      'ChatGPT-User',
      'OAI-SearchBot',
      'GPTBot',
      'Claude-User',
      'ClaudeBot',
      'Perplexity-User',
      'PerplexityBot',
      'Google-Agent',
    ])
      assert.ok(
        agents.some((agent) => agent.includes(`compatible; ${token}/`)),
        `asked as ${token}`,
      );
    assert.ok(
      agents.some((agent) => agent.includes('Chrome/')),
      'asked as a browser',
    );
    assert.ok(!agents.some((agent) => agent.includes('Google-Extended')), 'robots-only tokens fetch nothing');
  });

  it('fails, naming each agent, when the edge answers AI user agents 403 while robots.txt lets them in', async () => {
    rules = [{ match: /GPTBot|ChatGPT-User|ClaudeBot/, answer: 'forbid' }];
    const result = await check();
    assert.equal(result.status, 'fail');
    assert.equal(
      result.message,
      'blocked at the edge though robots.txt lets them in: GPTBot (403), ChatGPT-User (403), ClaudeBot (403)',
    );
    assert.equal(result.evidence.value, 'blocked: GPTBot, ChatGPT-User, ClaudeBot');
    assert.match(result.fix ?? '', /CDN or firewall/);
  });

  it('names a Cloudflare-style challenge page, another page than the browser gets, and a dropped connection', async () => {
    rules = [
      { match: /Claude-User/, answer: 'challenge' },
      { match: /PerplexityBot/, answer: 'other' },
      { match: /OAI-SearchBot/, answer: 'drop' },
    ];
    const result = await check();
    assert.equal(result.status, 'fail');
    assert.equal(
      result.message,
      'blocked at the edge though robots.txt lets them in: OAI-SearchBot (no answer), Claude-User (Cloudflare challenge), PerplexityBot (another page)',
    );
  });

  it('tells a block at the edge that robots.txt asks for from one it does not, and only warns when each is asked for', async () => {
    rules = [{ match: /GPTBot|CCBot/, answer: 'forbid' }];
    robotsTxt = 'User-agent: GPTBot\nDisallow: /\n\nUser-agent: *\nAllow: /\n';
    try {
      const enforced = await check();
      assert.equal(enforced.status, 'fail');
      assert.equal(
        enforced.message,
        'blocked at the edge though robots.txt lets them in: CCBot (403); blocked at the edge as robots.txt asks: GPTBot (403)',
      );
      rules = [{ match: /GPTBot/, answer: 'forbid' }];
      const onlyEnforced = await check();
      assert.equal(onlyEnforced.status, 'warn');
      assert.equal(onlyEnforced.message, 'blocked at the edge as robots.txt asks: GPTBot (403)');
    } finally {
      robotsTxt = 'User-agent: *\nAllow: /\n';
    }
  });

  it('warns that it cannot tell when even a browser gets a challenge', async () => {
    rules = [{ match: /./, answer: 'challenge' }];
    const result = await check();
    assert.equal(result.status, 'warn');
    assert.equal(
      result.message,
      "a browser's request gets a Cloudflare challenge, so the audit cannot tell which agents the edge lets in",
    );
  });

  it('warns that it cannot tell when the edge refuses even a browser', async () => {
    rules = [{ match: /./, answer: 'forbid' }];
    const result = await check();
    assert.equal(result.status, 'warn');
    assert.equal(
      result.message,
      "a browser's request answers 403, so the audit cannot tell which agents the edge lets in",
    );
  });

  it('asks as at most four agents at once', async () => {
    // Agents' requests are held until four wait (or every agent has asked), then answered together:
    // a check asking as more at once would be seen holding more, one asking as fewer would stall. (The
    // check's own bound and the fetcher's four connections per origin both hold it to four.)
    let held: http.ServerResponse[] = [];
    let asked = 0;
    let most = 0;
    const gate = await recordingServer((request, response) => {
      const agent = request.headers['user-agent'] ?? '';
      if (!agent.includes('compatible;')) return void edge(request, response);
      asked += 1;
      held.push(response);
      most = Math.max(most, held.length);
      if (held.length === 4 || asked === fetchingCrawlerTokens.length) {
        for (const waiting of held) waiting.writeHead(200, { 'content-type': 'text/html' }).end(homePage);
        held = [];
      }
    });
    try {
      rules = [];
      const result = await runCheck(edgeAccess, `${gate.url}/`, loopbackAllowed);
      assert.equal(result.status, 'pass', result.message);
      assert.equal(asked, fetchingCrawlerTokens.length);
      assert.equal(most, 4);
    } finally {
      await gate.close();
    }
  });

  it('words its findings in German', async () => {
    rules = [
      { match: /Claude-User/, answer: 'challenge' },
      { match: /GPTBot/, answer: 'forbid' },
    ];
    const result = await check('de');
    assert.equal(
      result.message,
      'von CDN oder Firewall blockiert, obwohl robots.txt sie zulässt: GPTBot (403), Claude-User (Challenge von Cloudflare)',
    );
    assert.match(result.fix ?? '', /^Lassen Sie die Agenten/);
  });

  it('keeps a site whose edge refuses what robots.txt allows below the Bot-Aware level', async () => {
    rules = [{ match: /ChatGPT-User/, answer: 'forbid' }];
    robotsTxt =
      'User-agent: GPTBot\nDisallow: /private\n\nUser-agent: *\nAllow: /\nContent-Signal: search=yes, ai-train=no\n';
    try {
      const report = await auditSite(`${site.url}/`, { policy: loopbackAllowed });
      assert.equal(checkOf(report, 'edge-access').status, 'fail');
      assert.equal(checkOf(report, 'robots-ai-rules').status, 'pass');
      assert.equal(checkOf(report, 'content-signals').status, 'pass');
      assert.equal(report.level, 0);
    } finally {
      robotsTxt = 'User-agent: *\nAllow: /\n';
    }
  });
});
