// The enquiry skill: the MCP send_enquiry tool's input (the domain's enquiry fields plus an optional
// idempotencyKey) through the one enquiry path, so A2A shares REST's and MCP's validation,
// idempotency and per-client 5/min + 50/day budget. Enquiries are recorded with channel "a2a".
import * as z from 'zod';
import { contactEnquiryFields, idempotencyKeySchema } from '../domain/enquiries/schema.ts';
import { parseOrThrow } from '../domain/validation.ts';
import type { McpDeps } from '../mcp/deps.ts';
import { toolCatalog } from '../mcp/tool-catalog.ts';
import { acceptedEnquiry } from '../mcp/tools/enquiry-tools.ts';
import type { Skill } from './skills.ts';

const inputSchema = z.strictObject({ ...contactEnquiryFields, idempotencyKey: idempotencyKeySchema.optional() });

export function enquirySkill(deps: Pick<McpDeps, 'content' | 'enquiries'>): Skill {
  const { content, enquiries } = deps;
  const entry = toolCatalog(content.site).find((tool) => tool.key === 'sendEnquiry')!;
  const brand = content.site.brandName;
  return {
    entry,
    async run(raw, context) {
      const args = parseOrThrow(inputSchema, raw ?? {}, 'input');
      // The enquiry path validates and hashes the caller's own fields, without the key.
      const { idempotencyKey: _key, ...input } = raw as Record<string, unknown>;
      const result = await enquiries.submit({
        input, idempotencyKey: args.idempotencyKey ?? context.requestKey, channel: 'a2a', client: context.client,
        ...(context.caller && { caller: context.caller }),
        kind: args.topic === 'assessment' ? 'assessment' : 'enquiry',
      });
      return acceptedEnquiry(result, brand, content.contact.responseTime);
    },
  };
}
