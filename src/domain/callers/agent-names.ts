// Callers that name themselves: an MCP client's `clientInfo.name` and an enquiry's self-asserted
// `agentId`. Neither is proof, so both give a declared agent, and a request already recognised
// more surely (a verified signature, a known crawler) keeps its own classification.
import { BoundedMemo } from '../../cache/bounded-memo.ts';
import type { Caller } from './caller.ts';
import { agentNameRules } from './families.ts';

/** Names longer than this are read only this far (real client names are a few words). */
const nameReadLength = 200;
const memo = new BoundedMemo<string, Caller>(1_024);

/**
 * The caller an MCP client's `clientInfo.name` declares: always an agent; its operator when a
 * product word names one ('claude-ai' → Anthropic, 'openai-mcp' → OpenAI), else family 'Other'.
 * @example callerFromMcpClient('claude-code') // { kind: 'declared-agent', family: 'Anthropic', purpose: 'agent', verified: false }
 */
export function callerFromMcpClient(name: string | undefined): Caller {
  return callerFromAgentName(name);
}

/** The caller an enquiry's self-asserted `agentId` declares (same words as MCP client names). */
export function callerFromAgentId(agentId: string | undefined): Caller {
  return callerFromAgentName(agentId);
}

/**
 * Combines what a request showed with what the caller says of itself: a verified or known declared
 * agent stays as it is; a browser or unknown client that names itself becomes that named agent.
 */
export function refineCaller(request: Caller, named: Caller): Caller {
  if (request.verified) return request;
  if (request.kind === 'declared-agent' && request.family !== 'Other') return request;
  if (named.kind === 'declared-agent') return named;
  return request;
}

function callerFromAgentName(name: string | undefined): Caller {
  const text = (name ?? '').trim().slice(0, nameReadLength);
  if (!text) return unnamed;
  return memo.get(text) ?? memo.set(text, classify(text));
}

const unnamed: Caller = Object.freeze({ kind: 'other', family: 'Other', purpose: 'unknown', verified: false });

function classify(name: string): Caller {
  const family = agentNameRules.find((rule) => rule.token.test(name))?.family ?? 'Other';
  return Object.freeze({ kind: 'declared-agent', family, purpose: 'agent', verified: false });
}
