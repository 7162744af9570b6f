// The acting tools: send_enquiry (anyone) and request_assessment (bearer key). Both go through the
// one enquiry path of the REST API — same validation, idempotency and 5/min + 50/day budget,
// counted per client address with the REST client-key rule, so the two surfaces share one budget.
import type { CallToolResult } from '@modelcontextprotocol/server';
import * as z from 'zod';
import { contactAcceptedSchema, contactEnquiryFields, idempotencyKeySchema, type EnquiryKind, type EnquiryTopic } from '../../domain/enquiries/schema.ts';
import type { SubmitEnquiryResult } from '../../domain/enquiries/submit.ts';
import { clientKeyOf } from '../../http/client-address.ts';
import { throttledLog } from '../../log-throttle.ts';
import { createKeyCheck } from '../assessment-keys.ts';
import { defineTool, type McpTool } from '../build-server.ts';
import type { McpDeps } from '../deps.ts';
import { mcpCallerRequest } from '../record-tool-calls.ts';
import { currentMcpRequest } from '../request-context.ts';
import type { ToolCatalogEntry, ToolKey } from '../tool-catalog.ts';
import { toolError } from '../tool-result.ts';

type Entries = Record<ToolKey, ToolCatalogEntry>;

const idempotencyKey = idempotencyKeySchema.optional()
  .describe('Caller-generated key (1-200 characters). Repeating a call with the same key and arguments within 24 hours returns the first result instead of sending again.');

const acceptedSchema = contactAcceptedSchema.extend({
  replayed: z.boolean().describe('True when this repeats an earlier call with the same idempotencyKey; nothing new was sent.'),
  rateLimit: z.array(z.object({ window: z.string(), limit: z.int(), remaining: z.int(), resetSeconds: z.int() }))
    .describe('The shared enquiry budget of this client after the call.'),
  nextSteps: z.string(),
});

/** An accepted enquiry as an agent gets it (MCP tools and A2A skills alike): structured and as text. */
export function acceptedEnquiry(
  result: SubmitEnquiryResult, brand: string, responseTime: string,
): { structured: z.input<typeof acceptedSchema>; text: string } {
  const { reference } = result.accepted;
  const nextSteps = `${brand} replies by e-mail. ${responseTime} Quote reference ${reference} in any follow-up.`;
  const structured = {
    ...result.accepted,
    replayed: result.replayed,
    rateLimit: result.rateLimit.windows.map((w) => ({ window: w.window.name, limit: w.window.limit, remaining: w.remaining, resetSeconds: w.reset })),
    nextSteps,
  };
  const text = `${result.replayed ? 'Already accepted earlier (replayed; nothing new was sent)' : 'Enquiry accepted'}: reference ${reference}. ${nextSteps}`;
  return { structured, text };
}

export function enquiryTools(deps: McpDeps, tools: Entries): McpTool[] {
  const { config, enquiries, content } = deps;
  const brand = content.site.brandName;
  const responseTime = content.contact.responseTime;

  const submit = async (raw: unknown, key: string | undefined, kind: EnquiryKind): Promise<{ structured: z.input<typeof acceptedSchema>; text: string }> => {
    const req = currentMcpRequest();
    const input = { ...(raw as Record<string, unknown>) };
    delete input.idempotencyKey;
    const result = await enquiries.submit({
      input, idempotencyKey: key, channel: 'mcp', kind, caller: deps.insight.callerOf(mcpCallerRequest(req)),
      client: clientKeyOf(req, config.trustProxy),
    });
    return acceptedEnquiry(result, brand, responseTime);
  };

  // The topics the content offers (no offer, no "assessment"); the enquiry path accepts them all.
  const ids = content.contact.topics.map((t) => t.id);
  const topic = z.enum(ids as [EnquiryTopic, ...EnquiryTopic[]]).default('general').describe(contactEnquiryFields.topic.description ?? '');
  const send = defineTool(tools.sendEnquiry,
    z.strictObject({ ...contactEnquiryFields, topic, idempotencyKey }),
    acceptedSchema,
    (args, raw) => submit(raw, args.idempotencyKey, args.topic === 'assessment' ? 'assessment' : 'enquiry'));

  const { topic: _topic, ...assessmentFields } = contactEnquiryFields;
  const assessment = defineTool(tools.requestAssessment,
    z.strictObject({ ...assessmentFields, idempotencyKey }),
    acceptedSchema,
    // Without an offer there is nothing to assess: the partner's request is a partnership enquiry.
    (args, raw) => submit(content.site.offer ? raw : { ...(raw as object), topic: 'partnership' }, args.idempotencyKey, 'assessment'));
  const keyAccepted = createKeyCheck(config.assessmentApiKeys);
  // A client's fault that can repeat at request rate: info, at most one line per 30 s.
  const logRefusal = throttledLog(deps.logger, 'info');
  const authorizedRun = assessment.run;
  const refused = (authorization: string | undefined): CallToolResult => {
    const sent = Boolean(authorization);
    // The reason only: the header's value is never logged or echoed.
    logRefusal({ tool: tools.requestAssessment.name, reason: sent ? 'key_not_accepted' : 'no_key' }, 'assessment key refused');
    return toolError(`${sent ? 'The API key sent was not accepted.' : 'No API key was sent.'} ` +
      `${tools.requestAssessment.name} needs the HTTP header "Authorization: Bearer <API key>". ` +
      `Keys are issued by ${brand} to partners on request: ask with ${tools.sendEnquiry.name} (topic "partnership"). ` +
      (content.site.offer ? `Without a key, request the ${content.site.offer.name} with ${tools.sendEnquiry.name} and topic "assessment".`
        : `Without a key, use ${tools.sendEnquiry.name}.`));
  };
  assessment.run = async (args) => {
    const { authorization } = currentMcpRequest().headers;
    return keyAccepted(authorization) ? authorizedRun(args) : refused(authorization);
  };

  return [send, assessment];
}
