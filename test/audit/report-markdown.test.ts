// The report as markdown and as terminal lines, in the page's order: the checks to fix first (fail,
// then error, then warn) with what each costs, its fix and its evidence; then what passes, what is not
// offered, and what import and front mode fix. Site text stays inert in both.
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { fixedByFrontMode } from '../../src/audit/front-mode-fixes.ts';
import { reportMarkdown, reportTable } from '../../src/audit/render.ts';
import type { AuditReport, CheckId } from '../../src/audit/report.ts';
import { mixedReport } from './report-fixture.ts';

const report = mixedReport();
const toFix = ['fail', 'error', 'warn'].flatMap((status) =>
  report.checks.filter((check) => check.status === status).map((check) => check.id),
);

describe('the report as markdown', () => {
  const markdown = reportMarkdown(report);

  it('opens with the level, the score and what the next level needs', () => {
    assert.match(
      markdown,
      new RegExp(
        `^# Agent readiness of https://prospect\\.example/\\n\\nLevel ${report.level} of 5 \\([^)]+\\), score ${report.score} out of 100\\. ${toFix.length} checks need work\\. Audited 2026-11-20 09:30 UTC\\.\\n\\nLevel ${report.level + 1} needs `,
      ),
    );
  });

  it('lists the checks to fix first, in the order of the page, then what passes, what is not offered, and front mode', () => {
    const headings = [...markdown.matchAll(/^## (.+)$/gm)].map((match) => match[1]);
    assert.deepEqual(headings, [
      `${toFix.length} checks to fix`,
      '2 checks pass',
      '6 checks not offered',
      'What agentsite import and front mode fix',
    ]);
    const entries = [...markdown.matchAll(/^### (\w[^:]*): .+ \(`([a-z0-9-]+)`\)$/gm)];
    assert.deepEqual(
      entries.map((entry) => entry[2]),
      toFix,
    );
    assert.deepEqual([...new Set(entries.map((entry) => entry[1]))], ['Fail', 'Could not check', 'Warning']);
  });

  it('gives each check to fix what it costs, what was found, the fix and the evidence', () => {
    for (const id of toFix) {
      const entry = markdown.slice(markdown.indexOf(`(\`${id}\`)\n`)).split('\n\n')[1] ?? '';
      const status = report.checks.find((check) => check.id === id)!.evidence.status;
      assert.match(entry, /^- What it costs: .{20,}$/m, id);
      assert.ok(entry.includes(`- What we found: ${id} found `), id);
      assert.ok(entry.includes(`- How to fix it: Fix ${id} this way.`), id);
      assert.ok(
        entry.includes(`- Evidence: https://prospect.example/${id} (${status ?? 'no answer'}), \`value of ${id}\``),
        id,
      );
    }
  });

  it('names under front mode exactly the checks to fix it fixes, and where adoption is explained', () => {
    const front = markdown.slice(markdown.indexOf('## What agentsite import'));
    const named = [...front.matchAll(/^- .+ \(`([a-z0-9-]+)`\)$/gm)].map((match) => match[1]);
    assert.deepEqual(
      named,
      toFix.filter((id) => fixedByFrontMode.includes(id)),
    );
    assert.match(front, /\[in front of an existing site\]\(docs\/adopt\.md\)/);
    const guided = reportMarkdown(report, { guide: 'https://agency.example/developers#in-front-of-an-existing-site' });
    assert.match(guided, /\]\(https:\/\/agency\.example\/developers#in-front-of-an-existing-site\)/);
  });

  it('says so when front mode fixes none of the checks to fix', () => {
    const ownOnly: AuditReport = {
      ...report,
      checks: report.checks.map((check) =>
        fixedByFrontMode.includes(check.id) ? { ...check, status: 'pass', fix: null } : check,
      ),
    };
    assert.match(reportMarkdown(ownOnly), /None of the failing checks is one that front mode fixes/);
  });

  it('keeps site text inert: no link, image or tag comes out of a finding', () => {
    const hostile: AuditReport = {
      ...report,
      checks: report.checks.map((check) => ({
        ...check,
        message: '[click](https://evil.example) ![x](y) <b>bold</b>',
      })),
    };
    const text = reportMarkdown(hostile);
    assert.ok(!text.includes('[click](https://evil.example)'));
    assert.ok(!text.includes('<b>'));
  });
});

describe('the report in a terminal', () => {
  it('shows the checks to fix first, then what passes, then what is skipped', () => {
    const lines = reportTable(report).split('\n').slice(2);
    const statuses = lines.map((line) => line.split(/\s+/)[0]);
    const order = ['FAIL', 'ERROR', 'WARN', 'PASS', 'SKIP'];
    assert.deepEqual(
      statuses,
      [...statuses].sort((a, b) => order.indexOf(a!) - order.indexOf(b!)),
    );
    assert.deepEqual(
      lines.slice(0, toFix.length).map((line) => line.split(/\s+/)[1] as CheckId),
      toFix,
    );
  });
});
