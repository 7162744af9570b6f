// The sentences of the answers agents read, in English: the ask's answer as text (the MCP tool and
// the A2A message), the service match, and NLWeb's failures. Spread into en.ts; answers-de.ts has
// the same keys. Values are placed as given, so a URL or a JSON example needs no escaping here. The
// failures the domain words (error-wording.ts) are its own sentences, so the two never drift apart.
import {
  auditBudgetSpentMessage,
  auditorBusyMessage,
  enquiryBudgetSpentMessage,
  enquiryUnavailableMessage,
  idempotencyKeyInFlightMessage,
  idempotencyKeyReusedMessage,
  internalErrorMessage,
  recordsUnavailableMessage,
  requestBudgetSpentMessage,
} from '../../error-wording.ts';

export const answersEn = {
  // The ask's answer as markdown (the MCP tool's text, the A2A message).
  'answers.result': '- **{name}**{facts}: {description} {url} (markdown: {markdownUrl})',
  'answers.source': 'Source: {url}',
  'answers.enquire': "To enquire, with the user's consent: POST {api}, or the form at {url}.",
  // The A2A text answer: its heading and the skills to call next.
  'answers.heading': '{brand}: answers to "{query}"',
  'answers.more': '## For more, send a data part {shape}',
  'answers.next': '- {skill} for {purpose}, e.g. {example}',
  'answers.next.page': 'a page above as markdown',
  'answers.next.caseStudies': 'more case studies',
  'answers.next.services': 'the services that fit a challenge',
  'answers.next.siteIndex': 'every page of the site',
  'answers.next.enquiry': "contacting the agency (with the user's consent)",
  // The service match (the match tool and skill).
  'answers.match.found': '{count} service(s) match this challenge, best first.',
  'answers.match.none': 'No service clearly matches this challenge. {start}',
  'answers.match.startOffer': 'The {offer} ({path}) is the usual starting point.',
  'answers.match.startContact': 'The contact page ({path}) is the place to ask.',
  'answers.match.keywords': ' Matched: {keywords}.',
  'answers.match.caseStudies': ' Case studies: {slugs}.',
  // The value proposition: its opening line and the headings of its parts.
  'answers.value.helpsWith': 'How {brand} helps with: {topic}',
  'answers.value.helps': 'How {brand} helps',
  'answers.value.services': 'Services:',
  'answers.value.proofPoints': 'Proof points:',
  'answers.value.reasons': 'Reasons:',
  // The reasons to choose the agency, and the case-study search.
  'answers.why.heading': 'Why clients choose {brand}{topic}:',
  'answers.why.topics': 'Topics: {topics}',
  'answers.search.count': '{total} case {count, plural, one {study} other {studies}} match; showing {shown}.',
  'answers.search.countFor':
    '{total} case {count, plural, one {study} other {studies}} match "{query}"; showing {shown}.',
  // A page asked for by a slug the site does not have (the page tool and skill).
  'answers.noPage': 'No page with slug "{slug}".{suggestion} Call {tool} to list the real slugs.',
  'answers.didYouMean': ' Did you mean "{slug}"?',
  // The site index and the contact details (their tools and skills).
  'answers.index.heading': '# {brand} site index',
  'answers.index.fit': 'Fit: {fit}',
  'answers.index.matches': '## Matches for "{query}"',
  'answers.index.noMatch': 'No page matches these keywords.',
  'answers.contact.heading': '# Contact {brand}',
  'answers.contact.page': 'Contact page',
  'answers.contact.send': '- To send a message: {tool} (topics: {topics})',
  // NLWeb's failures (/ask): a field's problem follows its name ("query is required").
  'answers.nlweb.enquiryAction': "Send {brand} an enquiry, with the user's consent.",
  'answers.nlweb.invalid': 'The request is invalid: {detail}.',
  'answers.nlweb.method': '{method} is not supported here; use GET or POST.',
  'answers.nlweb.tooLarge': 'The request body is larger than {size}.',
  'answers.nlweb.mediaType': 'Unsupported Content-Type; send the body as application/json.',
  'answers.nlweb.rateLimited': 'Too many requests from this client. Retry after {seconds} seconds.',
  'answers.nlweb.fault': 'Internal error; nothing about it is shown here. Try again later.',
  // The failures MCP tools and A2A skills answer with: bad input names each field, a refusal by the
  // rate limits says when to come back, the database down or a fault of ours what did not happen.
  'answers.mcp.invalid': 'The request is invalid:',
  'answers.a2a.invalid': 'Invalid input for {skill}: {detail}.',
  'answers.a2a.unknownSkill': 'Unknown skill "{skill}". Skills: {skills}.',
  'answers.failure.retryAfter': 'Retry after {seconds} seconds.',
  'answers.failure.tooManyRequests': requestBudgetSpentMessage,
  'answers.failure.tooManyEnquiries': enquiryBudgetSpentMessage,
  'answers.failure.tooManyAudits': auditBudgetSpentMessage,
  'answers.failure.auditorBusy': auditorBusyMessage,
  'answers.failure.keyReused': idempotencyKeyReusedMessage,
  'answers.failure.newKey': 'Use a new idempotencyKey for a different enquiry.',
  'answers.failure.keyInFlight': idempotencyKeyInFlightMessage,
  'answers.failure.enquiryUnavailable': enquiryUnavailableMessage,
  'answers.failure.recordsUnavailable': recordsUnavailableMessage,
  'answers.failure.keyRefused':
    '{sent, select, yes {The API key sent was not accepted.} other {No API key was sent.}} {tool} needs the HTTP header "Authorization: Bearer \'<\'API key>". Keys are issued by {brand} to partners on request: ask with {enquiryTool} (topic "partnership"). {hasOffer, select, yes {Without a key, request the {offer} with {enquiryTool} and topic "assessment".} other {Without a key, use {enquiryTool}.}}',
  'answers.failure.internal': internalErrorMessage,
  // A field's problem (field-problem.ts), after its name.
  'answers.problem.unknownField': 'is not a known field',
  'answers.problem.unreadable': 'could not be read',
  'answers.problem.atLeast': 'must be at least {min}',
  'answers.problem.atMost': 'must be at most {max}',
  'answers.problem.oneOf': 'must be one of {values}',
  'answers.problem.invalid': 'is invalid',
  'answers.problem.notSkill': 'is not a skill of this agent',
  'answers.problem.type': 'must be {expected}, {actual}',
  'answers.type':
    '{type, select, string {a string} number {a number} integer {an integer} boolean {a boolean} object {an object} array {an array} other {null}}',
  'answers.typeNot':
    '{type, select, string {not a string} number {not a number} integer {not an integer} boolean {not a boolean} object {not an object} array {not an array} other {not null}}',
} as const;
