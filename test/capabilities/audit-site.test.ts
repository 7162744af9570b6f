// The audit as an agent calls it: the MCP tool service_audit_site through both official SDK clients,
// and the A2A skill through the A2A SDK client, each auditing a local site on the one audit budget.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { checkIds } from '../../src/audit/report.ts';
import { call, clientFor, resultOf, send } from '../a2a/agent.ts';
import { eras, textOf } from '../mcp/clients.ts';
import { useAuditedPlainSite } from '../helpers/plain-site.ts';
import { awayFromMinuteBoundary } from '../helpers/rate-windows.ts';

const tool = 'service_audit_site';

describe('the audit_site capability on MCP and A2A', () => {
  const audited = useAuditedPlainSite();
  // The audits below spend one client's minute window together: none may start in the next minute.
  before(() => awayFromMinuteBoundary(20));

  it('is listed as an open-world tool that is neither read-only, destructive nor idempotent', async () => {
    const client = await eras[0]!.connect(audited.app.mcpUrl);
    try {
      const listed = (await client.listTools()).find((t) => t.name === tool);
      assert.deepEqual(listed?.annotations && { ...listed.annotations, title: undefined }, {
        readOnlyHint: false,
        destructiveHint: false,
        idempotentHint: false,
        openWorldHint: true,
        title: undefined,
      });
      assert.deepEqual(Object.keys((listed?.outputSchema?.properties ?? {}) as object), [
        'url',
        'auditedAt',
        'level',
        'levelName',
        'score',
        'checks',
      ]);
    } finally {
      await client.close();
    }
  });

  for (const era of eras) {
    it(`audits a local site as an MCP tool over ${era.name}: the report as structured content and markdown`, async () => {
      const client = await era.connect(audited.app.mcpUrl);
      try {
        const refused = await client.callTool(tool, { url: 'http://10.0.0.1/' });
        assert.equal(refused.isError, true);
        assert.match(
          textOf(refused),
          /^The request is invalid:\n- url: is not audited here: refused http:\/\/10\.0\.0\.1\/: private address$/,
        );
        const result = await client.callTool(tool, { url: audited.site.url });
        assert.equal(result.isError ?? false, false, textOf(result));
        assert.equal(result.structuredContent?.url, `${audited.site.url}/`);
        assert.equal((result.structuredContent!.checks as unknown[]).length, checkIds.length);
        assert.match(
          textOf(result),
          new RegExp(`^# Agent readiness of ${audited.site.url}/\\n\\nLevel 0 of 5 \\(Not Ready\\)`),
        );
        assert.match(
          textOf(result),
          /kept for 30 days at \S+\/audits\/[A-Za-z0-9_-]{22}\. Want these fixed\? Ask the agency: \S+\/contact\?site=/,
        );
      } finally {
        await client.close();
      }
    });
  }

  it('audits a local site as an A2A skill, and the fourth audit of the minute is refused on the shared budget', async () => {
    const a2a = await clientFor(audited.app);
    const task = await send(a2a, call(tool, { url: audited.site.url }));
    const { skill, data, text } = resultOf(task);
    assert.equal(skill, tool);
    assert.equal(data.url, `${audited.site.url}/`);
    assert.match(text, /^# Agent readiness of /);
    // Two MCP audits and this one spent the client's 3 a minute (every call here comes from 127.0.0.1).
    await assert.rejects(send(a2a, call(tool, { url: audited.site.url })), (error: Error) =>
      /^Too many audits from this client\. Retry after \d+ seconds\.$/.test(error.message),
    );
    const mcp = await eras[0]!.connect(audited.app.mcpUrl);
    try {
      const limited = await mcp.callTool(tool, { url: audited.site.url });
      assert.equal(limited.isError, true);
      assert.match(textOf(limited), /^Too many audits from this client\. Retry after \d+ seconds\.$/);
    } finally {
      await mcp.close();
    }
  });

  it("counts the calls per caller family in agent insight under the tool's name, never the audited address", async () => {
    await audited.app.app.services.insight.flush();
    const rows = await audited.app.app.services.store.db
      .selectFrom('insight_visits')
      .selectAll()
      .where('item', '=', tool)
      .execute();
    assert.deepEqual([...new Set(rows.map((row) => row.surface))].sort(), ['a2a', 'mcp']);
    const everything = JSON.stringify(
      await audited.app.app.services.store.db.selectFrom('insight_visits').selectAll().execute(),
    );
    assert.ok(!everything.includes(String(audited.site.port)), everything);
  });
});
