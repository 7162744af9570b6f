import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { callerFromAgentId, callerFromMcpClient, refineCaller } from '../../../src/domain/callers/agent-names.ts';
import { familyOfHost } from '../../../src/domain/callers/families.ts';
import { callerFromUserAgent } from '../../../src/domain/callers/user-agents.ts';

/** Real User-Agent strings as each operator documents them, with the family and purpose expected. */
const agents: [string, string, string][] = [
  [
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)',
    'OpenAI',
    'training-crawler',
  ],
  [
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; OAI-SearchBot/1.0; +https://openai.com/searchbot',
    'OpenAI',
    'search-crawler',
  ],
  [
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot',
    'OpenAI',
    'user-fetch',
  ],
  [
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)',
    'Anthropic',
    'training-crawler',
  ],
  [
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Claude-User/1.0; +Claude-User@anthropic.com)',
    'Anthropic',
    'user-fetch',
  ],
  [
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Claude-SearchBot/1.0; +https://www.anthropic.com)',
    'Anthropic',
    'search-crawler',
  ],
  [
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; PerplexityBot/1.0; +https://perplexity.ai/perplexitybot)',
    'Perplexity',
    'search-crawler',
  ],
  [
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Perplexity-User/1.0; +https://perplexity.ai/perplexity-user)',
    'Perplexity',
    'user-fetch',
  ],
  ['Mozilla/5.0 (compatible; Google-Extended/1.0; +http://www.google.com/bot.html)', 'Google', 'training-crawler'],
  [
    'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.69 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    'Google',
    'search-crawler',
  ],
  [
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm) Chrome/116.0.1938.76 Safari/537.36',
    'Microsoft',
    'search-crawler',
  ],
  [
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15 (Applebot/0.1; +http://www.apple.com/go/applebot)',
    'Apple',
    'search-crawler',
  ],
  [
    'meta-externalagent/1.1 (+https://developers.facebook.com/docs/sharing/webmasters/crawler)',
    'Meta',
    'training-crawler',
  ],
  ['meta-externalfetcher/1.1 (+https://developers.facebook.com/docs/sharing/webmasters/crawler)', 'Meta', 'user-fetch'],
  ['CCBot/2.0 (https://commoncrawl.org/faq/)', 'Common Crawl', 'training-crawler'],
  [
    'Mozilla/5.0 (Linux; Android 5.0) AppleWebKit/537.36 (KHTML, like Gecko) Mobile Safari/537.36 (compatible; Bytespider; spider-feedback@bytedance.com)',
    'ByteDance',
    'training-crawler',
  ],
  [
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Amazonbot/0.1; +https://developer.amazon.com/support/amazonbot) Chrome/119.0.6045.214 Safari/537.36',
    'Amazon',
    'search-crawler',
  ],
  ['DuckAssistBot/1.2; (+http://duckduckgo.com/duckassistbot.html)', 'DuckDuckGo', 'user-fetch'],
  ['DuckDuckBot/1.1; (+http://duckduckgo.com/duckduckbot.html)', 'DuckDuckGo', 'search-crawler'],
  [
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; MistralAI-User/1.0; +https://docs.mistral.ai/robots)',
    'Mistral',
    'user-fetch',
  ],
];

describe('callerFromUserAgent', () => {
  for (const [userAgent, family, purpose] of agents) {
    it(`declares ${family} ${purpose} for ${/[\w-]*(Bot|bot|User|Extended|agent|fetcher|spider)[\w-]*/.exec(userAgent)?.[0] ?? userAgent}`, () => {
      assert.deepEqual(callerFromUserAgent(userAgent), { kind: 'declared-agent', family, purpose, verified: false });
    });
  }

  it('classifies a listed crawler without a family rule as a declared agent of family Other', () => {
    const caller = callerFromUserAgent('Mozilla/5.0 (compatible; SemrushBot/7~bl; +http://www.semrush.com/bot.html)');
    assert.equal(caller.kind, 'declared-agent');
    assert.equal(caller.family, 'Other');
  });

  it('classifies ordinary browsers as Browser', () => {
    for (const userAgent of [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.7; rv:133.0) Gecko/20100101 Firefox/133.0',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
    ]) {
      assert.deepEqual(
        callerFromUserAgent(userAgent),
        { kind: 'browser', family: 'Browser', purpose: 'unknown', verified: false },
        userAgent,
      );
    }
  });

  it('classifies HTTP libraries, unknown clients and a missing User-Agent as other', () => {
    for (const userAgent of ['curl/8.11.0', 'python-requests/2.32.3', 'my-own-thing/1.0', '', undefined]) {
      assert.equal(callerFromUserAgent(userAgent).kind, 'other', String(userAgent));
    }
  });

  it('returns the same answer for a User-Agent seen again', () => {
    const userAgent = 'Mozilla/5.0 (compatible; GPTBot/1.2; +https://openai.com/gptbot)';
    assert.equal(callerFromUserAgent(userAgent), callerFromUserAgent(userAgent));
  });

  it('reads only the start of a very long User-Agent', () => {
    assert.equal(callerFromUserAgent(`${'x'.repeat(5_000)} GPTBot/1.2`).kind, 'other');
  });
});

describe('callerFromMcpClient', () => {
  it('names the operator of well-known MCP clients', () => {
    const cases: [string, string][] = [
      ['claude-ai', 'Anthropic'],
      ['claude-code', 'Anthropic'],
      ['openai-mcp', 'OpenAI'],
      ['Visual Studio Code', 'Microsoft'],
      ['gemini-cli-mcp-client', 'Google'],
      ['cursor-vscode', 'Cursor'],
    ];
    for (const [name, family] of cases) {
      assert.deepEqual(
        callerFromMcpClient(name),
        { kind: 'declared-agent', family, purpose: 'agent', verified: false },
        name,
      );
    }
  });

  it('counts any other named client as an agent of family Other, and no name as other', () => {
    assert.deepEqual(callerFromMcpClient('example-client'), {
      kind: 'declared-agent',
      family: 'Other',
      purpose: 'agent',
      verified: false,
    });
    assert.equal(callerFromMcpClient(undefined).kind, 'other');
    assert.equal(callerFromMcpClient('   ').kind, 'other');
  });

  it('matches whole words only', () => {
    assert.equal(callerFromMcpClient('claudette-tools').family, 'Other');
    assert.equal(callerFromMcpClient('agpt-runner').family, 'Other');
  });
});

describe('callerFromAgentId', () => {
  it('reads the operator from a self-asserted agent id', () => {
    assert.equal(callerFromAgentId('ChatGPT agent').family, 'OpenAI');
    assert.equal(callerFromAgentId('gpt-4o').family, 'OpenAI');
    assert.equal(callerFromAgentId('Claude Sonnet 4.5').family, 'Anthropic');
    assert.equal(callerFromAgentId('perplexity-assistant').family, 'Perplexity');
    assert.equal(callerFromAgentId('procurement-bot-7').family, 'Other');
  });
});

describe('refineCaller', () => {
  const browser = callerFromUserAgent(
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.7; rv:133.0) Gecko/20100101 Firefox/133.0',
  );
  const gptBot = callerFromUserAgent('Mozilla/5.0 (compatible; GPTBot/1.2; +https://openai.com/gptbot)');

  it('lets a self-named agent replace a browser or unknown client', () => {
    assert.equal(refineCaller(browser, callerFromAgentId('claude')).family, 'Anthropic');
    assert.equal(refineCaller(callerFromUserAgent('node'), callerFromMcpClient('claude-code')).family, 'Anthropic');
  });

  it('keeps a known crawler or a verified agent whatever the name says', () => {
    assert.equal(refineCaller(gptBot, callerFromAgentId('claude')), gptBot);
    const verified = {
      kind: 'verified-agent',
      family: 'OpenAI',
      purpose: 'agent',
      verified: true,
      agentKey: 'https://chatgpt.com',
    } as const;
    assert.equal(refineCaller(verified, callerFromAgentId('claude')), verified);
  });
});

describe('familyOfHost', () => {
  it('names the operator of a key directory host or any subdomain of it, else the host itself', () => {
    assert.equal(familyOfHost('chatgpt.com'), 'OpenAI');
    assert.equal(familyOfHost('agents.Anthropic.com'), 'Anthropic');
    assert.equal(familyOfHost('bots.example.net'), 'bots.example.net');
  });
});
