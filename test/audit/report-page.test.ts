// The readiness report page a prospect forwards: the score gauge and level ladder, the checks to fix
// first (fail, then error, then warn) with what each costs, its fix and its evidence folded, then what
// passes (folded), what is not offered, and what import and front mode fix, linked to the site's own
// adoption guide; in English on the demo site and in German on a German one. Driven with inject.
import { strict as assert } from 'node:assert';
import { after, before, describe, it } from 'node:test';
import { fixedByFrontMode } from '../../src/audit/front-mode-fixes.ts';
import type { AuditReport } from '../../src/audit/report.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { keepReport, mixedReport } from './report-fixture.ts';

const attention = ['fail', 'error', 'warn'];
const toFixOf = (report: AuditReport): string[] =>
  attention.flatMap((status) => report.checks.filter((check) => check.status === status).map((check) => check.id));

let app: TestApp;
let report: AuditReport;
let page = '';
const get = async (url: string): Promise<string> => {
  const response = await app.app.http.inject({ method: 'GET', url });
  assert.equal(response.statusCode, 200, url);
  return response.body;
};

before(async () => {
  app = await startTestApp();
  report = mixedReport();
  page = await get(`/audits/${await keepReport(app, report)}`);
});
after(() => app?.stop());

/** The part of the page between two section headings' ids. */
const section = (from: string, to?: string): string => {
  const start = page.indexOf(`id="${from}"`);
  assert.ok(start > 0, `section ${from}`);
  return page.slice(start, to ? page.indexOf(`id="${to}"`) : undefined);
};

describe('the readiness report page', () => {
  it('lists the checks to fix first: failures, then checks that could not run, then warnings', () => {
    const shown = [
      ...section('to-fix', 'passed').matchAll(/<li class="finding finding-(\w+)">[\s\S]*?<code>([a-z0-9-]+)<\/code>/g),
    ];
    assert.deepEqual(
      shown.map((match) => match[2]),
      toFixOf(report),
    );
    assert.deepEqual([...new Set(shown.map((match) => match[1]))], ['fail', 'error', 'warn']);
    const order = ['level', 'to-fix', 'passed', 'skipped', 'front-mode', 'help'].map((id) =>
      page.indexOf(`id="${id}"`),
    );
    assert.deepEqual(
      order,
      [...order].sort((a, b) => a - b),
      'summary, to fix, passed, not offered, front mode, help',
    );
  });

  it('gives each check to fix a title for people, what it costs, its fix, and its evidence folded', () => {
    const findings = section('to-fix', 'passed').split('<li class="finding').slice(1);
    assert.equal(findings.length, toFixOf(report).length);
    const robots = findings.find((finding) => finding.includes('<code>robots-ai-rules</code>')) ?? '';
    assert.match(robots, /<h3><span class="status status-warn">Warning<\/span> Rules for AI crawlers<\/h3>/);
    assert.match(robots, /<dt>What it costs<\/dt><dd class="cost">GPTBot, ClaudeBot and other AI crawlers/);
    for (const finding of findings) {
      const id = /<code>([a-z0-9-]+)<\/code>/.exec(finding)?.[1] ?? '';
      assert.match(finding, /<dt>What it costs<\/dt><dd class="cost">[^<]{20,}<\/dd>/, `${id}: a cost`);
      assert.ok(finding.includes(`<dt>How to fix it</dt><dd>Fix ${id} this way.</dd>`), `${id}: the fix`);
      assert.ok(finding.includes(`<dd>${id} found `), `${id}: the finding`);
      assert.match(
        finding,
        new RegExp(
          `<details class="evidence"><summary>Evidence</summary><dl>[\\s\\S]*<code>https://prospect\\.example/${id}</code>[\\s\\S]*<code>value of ${id}</code>[\\s\\S]*</details>`,
        ),
        `${id}: the evidence, folded`,
      );
      assert.doesNotMatch(finding, /<h3>[^<]*<span[^>]*>[^<]*<\/span> [a-z0-9-]+<\/h3>/, `${id}: a title, not the id`);
    }
  });

  it('folds what passes, and lists what the site does not offer on its own', () => {
    const passed = section('passed', 'skipped');
    assert.match(
      passed,
      /^id="passed">2 checks pass<\/h2><details class="folded"><summary>Show the checks that pass<\/summary>/,
    );
    assert.match(passed, /<strong>Crawler rules \(robots\.txt\)<\/strong>[\s\S]*<code>robots-txt<\/code>/);
    const skipped = section('skipped', 'front-mode');
    assert.match(skipped, /6 checks not offered/);
    assert.match(skipped, /do not count towards the score/);
    assert.doesNotMatch(skipped, /<details/);
  });

  it('names under front mode exactly the checks to fix that front mode fixes, and links its guide on /developers', async () => {
    const front = section('front-mode', 'help');
    const named = [...front.matchAll(/<code>([a-z0-9-]+)<\/code>/g)].map((match) => match[1]);
    assert.deepEqual(
      named,
      toFixOf(report).filter((id) => fixedByFrontMode.includes(id as never)),
    );
    const guide = /<a href="([^"]+)">in front of an existing site<\/a>/.exec(front)?.[1] ?? '';
    const [path, anchor] = guide.split('#');
    assert.ok(anchor, 'the guide is a section of a page');
    assert.match(await get(path!), new RegExp(`<h2 id="${anchor}">`));
  });

  it('draws the score as a gauge and marks the level on the ladder with what the next needs, without a script', () => {
    const summary = section('level', 'to-fix');
    assert.match(
      page,
      new RegExp(`<svg viewBox="0 0 120 120" role="img" aria-label="Score: ${report.score} out of 100"`),
    );
    assert.match(page, new RegExp(`stroke-dasharray="${report.score} 100"`));
    assert.match(summary, new RegExp(`Level ${report.level} of 5: `));
    const rungs = [...page.matchAll(/<li class="rung (rung-\w+)"( aria-current="step")?>/g)];
    assert.equal(rungs.length, 6);
    assert.deepEqual(
      rungs.filter((rung) => rung[2]).map((rung) => rung[1]),
      ['rung-here'],
    );
    assert.match(summary, /<p class="next-level">Level \d needs /);
    assert.doesNotMatch(page, /<script(?![^>]*application\/ld\+json)/);
  });

  it('keeps the ways to the agency: ask us about this report, and audit another site', () => {
    assert.match(
      section('help'),
      /href="\/contact\?site=https%3A%2F%2Fprospect\.example%2F&amp;report=mixedReportFixture\d{4}#form"/,
    );
    assert.match(section('help'), /href="\/audit">Audit another site<\/a>/);
  });
});
