// POST …/identity: the anonymous registration step of the agent_auth flow. It acknowledges the
// caller and issues no credential, because nothing in this API needs one.
import { z } from 'zod';
import { invalidRequest } from '../../../kernel/errors.ts';
import { parseOrThrow } from '../../../domain/validation.ts';
import type { Operation } from '../operation.ts';

const identityType = z.literal('anonymous');

export const identityRequestSchema = z
  .strictObject({
    identity_type: identityType.optional().describe('The identity type; only `anonymous` exists.'),
    type: identityType.optional().describe('Alternative spelling used by auth.md; same meaning as identity_type.'),
  })
  .meta({ id: 'IdentityRequest', description: 'Send `identity_type` (or `type`) set to `anonymous`.' });

export const identityResponseSchema = z
  .object({
    status: z.literal('registered'),
    identity_type: identityType,
    token: z.null(),
    credentials_required: z.literal(false),
    message: z.string(),
    documentation: z.url(),
  })
  .meta({ id: 'IdentityRegistered' });

export const registerIdentity: Operation = {
  operationId: 'registerIdentity',
  method: 'POST',
  path: '/identity',
  summary: 'Register as an anonymous agent',
  description: 'Acknowledges an anonymous identity. No token or key is issued: every REST operation is anonymous.',
  tag: 'Identity',
  rateLimit: 'general',
  requestBody: { schema: identityRequestSchema, description: 'The identity to register.' },
  success: { status: 200, description: 'Registered; no credential is issued.', schema: identityResponseSchema },
  errors: [400, 413, 415],
  handler:
    ({ services }) =>
    async (request) => {
      const body = parseOrThrow(identityRequestSchema, request.body);
      if (body.identity_type === undefined && body.type === undefined) {
        throw invalidRequest([
          { field: 'identity_type', message: 'is required; the only supported value is "anonymous"' },
        ]);
      }
      return {
        status: 'registered',
        identity_type: 'anonymous',
        token: null,
        credentials_required: false,
        message:
          'Registered as anonymous. No credential is issued: the REST API and the read-only MCP tools need none.',
        documentation: `${services.config.baseUrl}/auth.md`,
      } satisfies z.output<typeof identityResponseSchema>;
    },
};
