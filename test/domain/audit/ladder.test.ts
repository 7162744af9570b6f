import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { levelOf, scoreOf } from '../../../src/audit/ladder.ts';
import { checkIds, type CheckId, type CheckResult, type CheckStatus } from '../../../src/audit/report.ts';

/** Every check with `status`, except those given otherwise. */
function results(status: CheckStatus, others: Partial<Record<CheckId, CheckStatus>> = {}): CheckResult[] {
  return checkIds.map((id) => ({
    id,
    status: others[id] ?? status,
    message: '',
    evidence: { url: 'https://example.com/', status: 200 },
    fix: null,
  }));
}

describe('the level ladder', () => {
  it('climbs one rung per layer, each needing the one below', () => {
    assert.equal(levelOf(results('fail')), 0);
    assert.equal(levelOf(results('fail', { 'robots-txt': 'pass', sitemap: 'pass' })), 1);
    assert.equal(
      levelOf(
        results('fail', {
          'robots-txt': 'pass',
          sitemap: 'pass',
          'robots-ai-rules': 'pass',
          'content-signals': 'pass',
          'edge-access': 'pass',
        }),
      ),
      2,
    );
    const readable = {
      'robots-txt': 'pass',
      'link-headers': 'pass',
      'robots-ai-rules': 'pass',
      'content-signals': 'pass',
      'edge-access': 'pass',
      'markdown-negotiation': 'pass',
    } as const;
    assert.equal(levelOf(results('fail', readable)), 3);
    assert.equal(levelOf(results('fail', { ...readable, 'api-catalog': 'pass' })), 4);
    assert.equal(
      levelOf(
        results('fail', {
          ...readable,
          'api-catalog': 'pass',
          'oauth-protected-resource': 'pass',
          'web-bot-auth': 'pass',
        }),
      ),
      5,
    );
    assert.equal(
      levelOf(results('pass', { 'web-bot-auth': 'skip' })),
      5,
      'all four integration documents and OAuth make two',
    );
  });

  it('does not skip a rung: markdown without bot rules stays at level 1', () => {
    assert.equal(levelOf(results('pass', { 'robots-ai-rules': 'fail' })), 1);
    assert.equal(levelOf(results('pass', { 'markdown-negotiation': 'warn' })), 2, 'a warning is not a pass');
  });

  it('keeps a site whose edge refuses what its robots.txt allows below Bot-Aware, but not one whose edge enforces it', () => {
    assert.equal(levelOf(results('pass', { 'edge-access': 'fail' })), 1);
    assert.equal(levelOf(results('pass', { 'edge-access': 'warn', 'web-bot-auth': 'skip' })), 5);
  });
});

describe('the score', () => {
  it('counts passes among the checks not skipped, a warning as half', () => {
    assert.equal(scoreOf(results('pass', { 'web-bot-auth': 'skip', ard: 'skip' })), 100);
    assert.equal(scoreOf(results('skip', { 'robots-txt': 'pass', sitemap: 'fail' })), 50);
    assert.equal(
      scoreOf(results('skip', { 'robots-txt': 'pass', sitemap: 'warn', 'llms-txt': 'error', ard: 'fail' })),
      38,
    );
    assert.equal(scoreOf(results('skip')), 0);
  });
});
