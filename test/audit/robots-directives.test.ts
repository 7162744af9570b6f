// robots.txt carries only the directives Lighthouse's robots-txt audit accepts, so SEO loses no
// points to it; ROBOTS_DRAFT_DIRECTIVES=true adds the draft Content-Usage and Agentmap lines back.
// Both facts stay published without them: the Content-Usage header and the ARD catalog every page
// links (rel="ard").
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import RobotsTxt from 'lighthouse/core/audits/seo/robots-txt.js';
import { ConfigError, loadConfig } from '../../src/config/config.ts';
import { buildSiteApp } from '../site/site-app.ts';

async function robotsOf(env: Record<string, string>): Promise<{ body: string; home: Record<string, unknown> }> {
  const site = await buildSiteApp(env);
  try {
    const robots = await site.app.inject({ url: '/robots.txt' });
    const home = await site.app.inject({ url: '/' });
    return { body: robots.body, home: home.headers };
  } finally {
    await site.app.close();
  }
}

const lighthouse = (content: string) =>
  RobotsTxt.audit({ RobotsTxt: { status: 200, content } } as never) as { score: number; details?: unknown };

describe('robots.txt directives', () => {
  it('passes Lighthouse robots-txt with no finding by default, the usage and catalog published elsewhere', async () => {
    const { body, home } = await robotsOf({});
    assert.doesNotMatch(body, /^(Content-Usage|Agentmap):/im);
    assert.match(body, /^Content-Signal: search=yes, ai-input=yes, ai-train=no$/m);
    const result = lighthouse(body);
    assert.equal(result.score, 1, JSON.stringify(result.details));
    assert.equal(home['content-usage'], 'train-ai=n, search=y');
    assert.match(String(home.link), /\/\.well-known\/ard\.json>; rel="ard"/);
  });

  it('adds the draft Content-Usage and Agentmap lines with ROBOTS_DRAFT_DIRECTIVES=true', async () => {
    const { body } = await robotsOf({ ROBOTS_DRAFT_DIRECTIVES: 'true', BASE_URL: 'https://agency.example' });
    assert.equal(body.match(/^Content-Usage: train-ai=n, search=y$/gm)?.length, 2, body);
    assert.match(body, /^Agentmap: https:\/\/agency\.example\/\.well-known\/ard\.json$/m);
    assert.equal(lighthouse(body).score, 0);
  });

  it('reads ROBOTS_DRAFT_DIRECTIVES as true or false only', () => {
    assert.equal(loadConfig({}).robotsDraftDirectives, false);
    assert.equal(loadConfig({ ROBOTS_DRAFT_DIRECTIVES: 'false' }).robotsDraftDirectives, false);
    assert.equal(loadConfig({ ROBOTS_DRAFT_DIRECTIVES: 'true' }).robotsDraftDirectives, true);
    assert.throws(() => loadConfig({ ROBOTS_DRAFT_DIRECTIVES: 'yes' }), ConfigError);
  });
});
