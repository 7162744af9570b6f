// NLWeb's wire shapes, made from the ask's protocol-free answer: the legacy `/ask` list
// ({query_id, results: [{url, name, site, score, description, schema_object}]}, and its SSE
// messages) and the v0.54 answer ({_meta, results} of schema.org objects with grounding and actions).
import type { AskAnswer, AskResult } from '../../domain/ask/schema.ts';
import type { ErrorCode } from '../../kernel/errors.ts';

/** The NLWeb protocol version the POST body and answer follow. */
export const nlwebVersion = '0.54';

const context = 'https://schema.org';

/** The schema.org object a result stands for. */
export function schemaObject(result: AskResult, brandName: string): Record<string, unknown> {
  const base = { '@context': context, '@type': result.schemaType, url: result.url };
  switch (result.schemaType) {
    case 'Article':
      return {
        ...base,
        headline: result.name,
        description: result.description,
        datePublished: result.facts?.publishedAt,
        about: {
          '@type': 'Organization',
          name: result.facts?.client,
          ...(result.facts?.companySize ? { description: result.facts.companySize } : {}),
        },
        keywords: [result.facts?.industry, ...(result.facts?.services ?? [])].filter(Boolean).join(', '),
        publisher: { '@type': 'Organization', name: brandName },
      };
    case 'Service':
      return {
        ...base,
        name: result.name,
        description: result.description,
        provider: { '@type': 'Organization', name: brandName },
      };
    case 'Answer':
      return { ...base, text: result.description, author: { '@type': 'Organization', name: brandName } };
    default:
      return { ...base, name: result.name, description: result.description };
  }
}

// Both shapes also carry the answer's opening sentence as `message` (beside NLWeb's fields): it says
// what the question was understood to constrain, and why nothing matched when nothing did.

/** Legacy NLWeb list: one entry per result. */
export function legacyBody(
  answer: AskAnswer,
  queryId: string,
  site: string,
  brandName: string,
): Record<string, unknown> {
  return {
    query_id: queryId,
    message: answer.message,
    results: answer.results.map((result) => ({
      url: result.url,
      name: result.name,
      site,
      score: result.score,
      description: result.description,
      schema_object: schemaObject(result, brandName),
    })),
  };
}

/** Legacy NLWeb streaming: the same list as server-sent events, then the end of the answer. */
export function legacyEvents(answer: AskAnswer, queryId: string, site: string, brandName: string): string {
  const messages = [
    { message_type: 'api_version', api_version: nlwebVersion, query_id: queryId },
    {
      message_type: 'result_batch',
      query_id: queryId,
      results: legacyBody(answer, queryId, site, brandName).results as unknown[],
    },
    { message_type: 'summary', query_id: queryId, message: answer.message },
    { message_type: 'complete', query_id: queryId },
  ];
  return messages.map((message) => `data: ${JSON.stringify(message)}\n\n`).join('');
}

/**
 * NLWeb v0.54 answer: schema.org objects, each grounded in its page, each offering the enquiry,
 * which `enquiryAction` describes in the site's language.
 */
export function answerBody(
  answer: AskAnswer,
  brandName: string,
  limit: number,
  enquiryAction: string,
): Record<string, unknown> {
  const action = {
    '@context': context,
    '@type': 'CommunicateAction',
    name: 'send_enquiry',
    description: enquiryAction,
    protocol: 'HTTP',
    method: answer.enquiry.method,
    endpoint: answer.enquiry.api,
    params: { fromName: 'string', fromEmail: 'string', message: 'string', organization: 'string (optional)' },
    target: answer.enquiry.url,
  };
  return {
    _meta: { response_type: 'Answer', response_format: 'conv_search', version: nlwebVersion },
    message: answer.message,
    results: answer.results.slice(0, limit).map((result) => ({
      ...schemaObject(result, brandName),
      name: result.name,
      description: result.description,
      score: result.score,
      grounding: { source_urls: [result.url, result.markdownUrl], citations: [result.url] },
      actions: [action],
    })),
  };
}

/** NLWeb's error codes for ours: a bad request is INVALID_REQUEST, whatever field it names. */
const failureCodes: Partial<Record<ErrorCode, string>> = {
  invalid_request: 'INVALID_REQUEST',
  rate_limited: 'RATE_LIMITED',
  payload_too_large: 'INVALID_REQUEST',
  unsupported_media_type: 'INVALID_REQUEST',
  method_not_allowed: 'INVALID_REQUEST',
  not_found: 'NOT_FOUND',
};

export function failureBody(code: ErrorCode, message: string): Record<string, unknown> {
  return {
    _meta: { response_type: 'Failure', version: nlwebVersion },
    error: { code: failureCodes[code] ?? 'INTERNAL_ERROR', message },
  };
}
