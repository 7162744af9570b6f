// Whole audits written in German: the same sites audited in English and in German give the same
// verdicts, and no finding or fix a check writes in sentences is left in English. The sites cover
// every status: the product's own site (passes), the SDKs' example MCP and A2A servers, and a plain
// company template (failures and skips).
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { operatorPolicy } from '../../../src/audit/fetch/address-policy.ts';
import type { AuditReport } from '../../../src/audit/report.ts';
import { auditSite } from '../../../src/audit/run-audit.ts';
import { startOwnSite } from '../../domain/audit/own-site.ts';
import { startSite } from '../../importer/static-site.ts';
import { a2aExampleSite } from '../corpus/a2a-example-site.ts';
import { mcpExampleSite } from '../corpus/mcp-example-site.ts';

interface Served {
  url: string;
  close(): Promise<void>;
}

const sites: [string, () => Promise<Served>][] = [
  [
    "the product's own site",
    async () => {
      const own = await startOwnSite();
      return { url: `${own.baseUrl}/`, close: () => own.stop() };
    },
  ],
  ['the MCP SDK example in an AI catalog', () => mcpExampleSite('ai-catalog')],
  ['the A2A SDK hello-world agent', () => a2aExampleSite('1.0')],
  ['a company template', () => startSite('modern-business')],
];

/** Whether `text` reads as an English sentence of ours: three English words in a row, quotes aside. */
const readsEnglish = (text: string): boolean =>
  /\b(?:the|is|are|does|not|no|with|and|of|to|from|answers|served)\b/i.test(text) &&
  /[a-z]{2,} [a-z]{2,} [a-z]{2,}/i.test(text.replace(/"[^"]*"|„[^“]*“|‹[^›]*›/g, ''));

describe('a whole audit in German', () => {
  for (const [name, start] of sites) {
    it(`audits ${name} with the English verdicts and German findings and fixes`, async () => {
      const site = await start();
      try {
        const audit = (language: string): Promise<AuditReport> =>
          auditSite(site.url, { policy: operatorPolicy, language });
        const [english, german] = [await audit('en'), await audit('de')];
        assert.deepEqual(
          german.checks.map((check) => `${check.id} ${check.status}`),
          english.checks.map((check) => `${check.id} ${check.status}`),
        );
        for (const [index, check] of german.checks.entries()) {
          const said = english.checks[index]!;
          if (readsEnglish(said.message)) assert.notEqual(check.message, said.message, `${check.id}: ${check.message}`);
          if (said.fix) assert.notEqual(check.fix, said.fix, `${check.id} fix: ${check.fix}`);
        }
      } finally {
        await site.close();
      }
    });
  }
});
