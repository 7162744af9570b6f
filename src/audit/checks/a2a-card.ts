// The A2A agent card's shape: A2A 1.0 (`supportedInterfaces`, each with a url, a protocolBinding and
// a protocolVersion) or A2A 0.3 (`url` with its `preferredTransport`, and `additionalInterfaces`),
// which the official SDK still serves and its 1.x client still talks to through its legacy layer.
import { z } from 'zod';
import type { Fetched } from '../context.ts';
import type { CheckResult } from '../report.ts';
import { evidence, fail, isObject, ok, pass } from '../verdict.ts';
import { a2aCardWords } from '../words/a2a-card.ts';
import { wordsFor } from '../../domain/language/shipped.ts';

export const cardPath = '/.well-known/agent-card.json';
/** The protocol bindings A2A defines (0.3 calls them transports, with the same names). */
const a2aBindings: readonly string[] = ['JSONRPC', 'GRPC', 'HTTP+JSON'];

const text = z.string().min(1);
const common = {
  name: text,
  description: text,
  version: text,
  capabilities: z.object({}).loose(),
  defaultInputModes: z.array(text).min(1),
  defaultOutputModes: z.array(text).min(1),
  skills: z.array(z.object({ id: text, name: text, description: text, tags: z.array(z.string()) })),
};
const AgentCard = z.object({
  ...common,
  supportedInterfaces: z.array(z.object({ url: z.url(), protocolBinding: z.string(), protocolVersion: text })).min(1),
});
const LegacyAgentCard = z.object({
  ...common,
  // Its problem is worded per language by issueWords.
  protocolVersion: z.string().regex(/^0\.3(\.\d+)?$/),
  url: z.url(),
  // A2A 0.3: "If not specified, defaults to JSONRPC".
  preferredTransport: z.string().default('JSONRPC'),
  additionalInterfaces: z.array(z.object({ url: z.url(), transport: z.string() })).default([]),
});

/** A card without `supportedInterfaces` that has a 0.3 field is read as A2A 0.3, as the SDK's client reads it. */
function isLegacyCard(doc: unknown): boolean {
  if (!isObject(doc) || (Array.isArray(doc.supportedInterfaces) && doc.supportedInterfaces.length > 0)) return false;
  return (
    typeof doc.url === 'string' ||
    'preferredTransport' in doc ||
    'additionalInterfaces' in doc ||
    (typeof doc.protocolVersion === 'string' && doc.protocolVersion.startsWith('0.'))
  );
}

/** zod's German locale, for German findings (its default locale words the English ones). */
const germanIssue = z.locales.de().localeError;

/** zod's sentence for a problem in the card, in the findings' language. */
function issueWords(language: string): z.core.$ZodErrorMap {
  const say = a2aCardWords(language);
  const own = wordsFor(language).shipped === 'de' ? germanIssue : undefined;
  // The only pattern in the schemas is the 0.3 protocolVersion's.
  return (issue) => (issue.code === 'invalid_format' && issue.format === 'regex' ? say('notVersion03') : own?.(issue));
}

export function cardVerdict(fetched: Fetched, doc: unknown, language: string): CheckResult {
  const say = a2aCardWords(language);
  const fix = say('publish');
  if (!ok(fetched))
    return fail('a2a-agent-card', say('notServed', { path: cardPath, status: fetched.status }), evidence(fetched), fix);
  const legacy = isLegacyCard(doc);
  const error = issueWords(language);
  const parsed = legacy ? LegacyAgentCard.safeParse(doc, { error }) : AgentCard.safeParse(doc, { error });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = issue.path.join('.');
    const values = { version: legacy ? '0.3' : '1.0', field, problem: issue.message };
    return fail('a2a-agent-card', say(field ? 'badField' : 'badCard', values), evidence(fetched, field), fix);
  }
  const card = parsed.data;
  const bindings =
    'supportedInterfaces' in card
      ? card.supportedInterfaces.map((i) => i.protocolBinding)
      : [card.preferredTransport, ...card.additionalInterfaces.map((i) => i.transport)];
  const unknown = bindings.find((binding) => !a2aBindings.includes(binding));
  if (unknown)
    return fail('a2a-agent-card', say('unknownBinding', { binding: unknown }), evidence(fetched, unknown), fix);
  // Several interfaces may share a binding (one per protocol version, or per region): each is named once.
  const values = { name: card.name, skills: card.skills.length, bindings: [...new Set(bindings)].join(', ') };
  const message =
    'protocolVersion' in card
      ? say('passedVersion', { ...values, version: card.protocolVersion })
      : say('passed', values);
  return pass('a2a-agent-card', message, evidence(fetched));
}
