// The A2A agent card's shape: A2A 1.0 (`supportedInterfaces`, each with a url, a protocolBinding and
// a protocolVersion) or A2A 0.3 (`url` with its `preferredTransport`, and `additionalInterfaces`),
// which the official SDK still serves and its 1.x client still talks to through its legacy layer.
import { z } from 'zod';
import type { Fetched } from '../context.ts';
import type { CheckResult } from '../report.ts';
import { counted, evidence, fail, isObject, ok, pass } from '../verdict.ts';

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
  protocolVersion: z.string().regex(/^0\.3(\.\d+)?$/, 'is not 0.3'),
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

const fix =
  'Publish an A2A 1.0 agent card: name, description, version, capabilities, default input and output modes, skills, and supportedInterfaces each with a url, a protocolBinding (JSONRPC, GRPC or HTTP+JSON) and a protocolVersion.';

export function cardVerdict(fetched: Fetched, doc: unknown): CheckResult {
  if (!ok(fetched)) return fail('a2a-agent-card', `${cardPath} answers ${fetched.status}`, evidence(fetched), fix);
  const legacy = isLegacyCard(doc);
  const parsed = legacy ? LegacyAgentCard.safeParse(doc) : AgentCard.safeParse(doc);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return fail(
      'a2a-agent-card',
      `the agent card is not A2A ${legacy ? '0.3' : '1.0'}: ${issue.path.join('.') || 'card'} ${issue.message}`,
      evidence(fetched, issue.path.join('.')),
      fix,
    );
  }
  const card = parsed.data;
  const bindings =
    'supportedInterfaces' in card
      ? card.supportedInterfaces.map((i) => i.protocolBinding)
      : [card.preferredTransport, ...card.additionalInterfaces.map((i) => i.transport)];
  const unknown = bindings.find((binding) => !a2aBindings.includes(binding));
  if (unknown)
    return fail(
      'a2a-agent-card',
      `interface binding "${unknown}" is not one A2A knows`,
      evidence(fetched, unknown),
      fix,
    );
  // Several interfaces may share a binding (one per protocol version, or per region): each is named once.
  const over = [...new Set(bindings)].join(', ');
  const version = 'protocolVersion' in card ? `A2A ${card.protocolVersion} ` : '';
  return pass(
    'a2a-agent-card',
    `${version}agent "${card.name}" with ${counted(card.skills.length, 'skill')} over ${over}`,
    evidence(fetched),
  );
}
