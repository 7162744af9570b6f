import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ConfigError, loadConfig } from '../../../src/config/config.ts';

describe('caller recognition settings', () => {
  it('trusts no key directory and gives an operator 3000 requests a minute by default', () => {
    const config = loadConfig({});
    assert.deepEqual(config.agentKeyDirectories, []);
    assert.equal(config.agentRateLimitPerMinute, 3_000);
  });

  it('reads AGENT_KEY_DIRECTORIES as a list of origins', () => {
    const config = loadConfig({
      AGENT_KEY_DIRECTORIES:
        'https://chatgpt.com, https://Agent.Example:8443/ ,http://127.0.0.1:9000,http://localhost:2',
    });
    assert.deepEqual(config.agentKeyDirectories, [
      'https://chatgpt.com',
      'https://agent.example:8443',
      'http://127.0.0.1:9000',
      'http://localhost:2',
    ]);
  });

  const bad: [string, Record<string, string>, RegExp][] = [
    [
      'a key directory over plain http',
      { AGENT_KEY_DIRECTORIES: 'http://agent.example' },
      /^AGENT_KEY_DIRECTORIES .*https/,
    ],
    [
      'a key directory with a path',
      { AGENT_KEY_DIRECTORIES: 'https://agent.example/.well-known/http-message-signatures-directory' },
      /^AGENT_KEY_DIRECTORIES .*bare origins/,
    ],
    ['a key directory that is not a URL', { AGENT_KEY_DIRECTORIES: 'agent.example' }, /^AGENT_KEY_DIRECTORIES /],
    [
      'a key directory with credentials',
      { AGENT_KEY_DIRECTORIES: 'https://user:pw@agent.example' },
      /^AGENT_KEY_DIRECTORIES /,
    ],
    ['an operator budget of zero', { AGENT_RATE_LIMIT_PER_MINUTE: '0' }, /^AGENT_RATE_LIMIT_PER_MINUTE /],
    [
      'an operator budget past what the counters hold',
      { AGENT_RATE_LIMIT_PER_MINUTE: '70000' },
      /^AGENT_RATE_LIMIT_PER_MINUTE /,
    ],
    [
      'an operator budget that is not a number',
      { AGENT_RATE_LIMIT_PER_MINUTE: 'lots' },
      /^AGENT_RATE_LIMIT_PER_MINUTE /,
    ],
  ];
  for (const [what, env, message] of bad) {
    it(`rejects ${what} with one line naming the variable`, () => {
      assert.throws(
        () => loadConfig(env),
        (error: unknown) => {
          assert.ok(error instanceof ConfigError);
          assert.match(error.message, message);
          assert.ok(!error.message.includes('\n'));
          return true;
        },
      );
    });
  }
});
