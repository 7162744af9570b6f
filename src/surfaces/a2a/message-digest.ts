// What makes two SendMessage requests "the same message": the request as sent and the client that
// sent it. A retry gets the task (and any enquiry) its first copy created, but only from the same
// client: another client replaying the exact message, messageId included, gets a task of its own and
// never the first one's task id, contextId or enquiry reference. The client is the verified agent
// (Web Bot Auth, whatever its address) or, for everyone else, the client address the rate limits
// count (TRUST_PROXY rule); the Authorization header sent is part of it, so another key is another client.
import { createHash } from 'node:crypto';
import { SendMessageRequest } from '@a2a-js/sdk';
import type { RequestFacts } from './request-facts.ts';

/** The client a replay must come from: the verified agent, else the client address. */
function replayIdentity(facts: RequestFacts): string {
  const who =
    facts.caller?.verified && facts.caller.agentKey ? `agent ${facts.caller.agentKey}` : `client ${facts.client}`;
  return `${who}\n${facts.authorization ?? ''}`;
}

/** Hex SHA-256 of the message request `params` as sent by the client of `facts`. */
export function messageDigest(params: SendMessageRequest, facts: RequestFacts): string {
  return createHash('sha256')
    .update(replayIdentity(facts))
    .update('\n')
    .update(JSON.stringify(SendMessageRequest.toJSON(params)))
    .digest('hex');
}
