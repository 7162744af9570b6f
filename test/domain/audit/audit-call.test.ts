// The protocol-free audit call the MCP tool and the A2A skill bind: the public audit's report as
// structured output, markdown with the kept page and the way to the agency, and AppErrors as REST has them.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { auditSiteCall } from '../../../src/audit/audit-call.ts';
import type { AppError } from '../../../src/kernel/errors.ts';
import { freePort } from '../../helpers/app.ts';
import { useAuditedPlainSite } from '../../helpers/plain-site.ts';
import { awayFromMinuteBoundary } from '../../helpers/rate-windows.ts';

describe('the audit call', () => {
  const audited = useAuditedPlainSite();
  const call = (): ReturnType<typeof auditSiteCall> =>
    auditSiteCall({ audits: audited.app.app.services.audits, baseUrl: audited.app.app.services.config.baseUrl });

  it('returns the report as structured output and as markdown naming its kept page and the contact form', async () => {
    const { structured, text } = await call()({ url: audited.site.url }, { client: '192.0.2.1' });
    assert.equal(structured.url, `${audited.site.url}/`);
    const page = /kept for 30 days at (\S+)\. /.exec(text)?.[1] ?? '';
    const id = page.split('/audits/')[1] ?? '';
    assert.deepEqual(await audited.app.app.services.audits.find(id), structured);
    assert.ok(text.startsWith(`# Agent readiness of ${audited.site.url}/`));
    assert.ok(text.includes(`/contact?site=${encodeURIComponent(`${audited.site.url}/`)}&report=${id}#form`));
  });

  it('throws the AppErrors of the public audit: a refused host and an unreachable site on url, then the spent budget', async () => {
    await assert.rejects(
      call()({ url: 'http://192.168.0.1/' }, { client: '192.0.2.2' }),
      (error: AppError) => error.code === 'invalid_request' && error.fieldErrors[0]?.field === 'url',
    );
    await assert.rejects(
      call()({ url: `http://127.0.0.1:${await freePort()}/` }, { client: '192.0.2.4' }),
      (error: AppError) =>
        error.code === 'invalid_request' &&
        error.fieldErrors[0]?.field === 'url' &&
        /^names a site whose home page did not answer: .*cannot be reached/.test(error.fieldErrors[0].message),
    );
    // The four audits spend one minute window: none may start in the next minute.
    await awayFromMinuteBoundary(20);
    for (let i = 0; i < 3; i += 1) await call()({ url: audited.site.url }, { client: '192.0.2.3' });
    await assert.rejects(
      call()({ url: audited.site.url }, { client: '192.0.2.3' }),
      (error: AppError) => error.code === 'rate_limited' && (error.retryAfter ?? 0) >= 1,
    );
  });
});
