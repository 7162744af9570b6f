// What a JSON-RPC request must be before either transport handler (1.0 or the 0.3 compatibility
// layer) sees it: within the body bounds, with params of the shape both versions share, and a method
// of the version it was sent as. Each refusal is the A2A error the protocol names; nothing has run.
import { isV1JsonRpcMethod } from '@a2a-js/sdk/compat/v0_3';
import { PushNotificationNotSupportedError, VersionNotSupportedError } from '@a2a-js/sdk/errors';
import { invalidParams } from './errors.ts';
import { a2aLegacyProtocolVersion, a2aProtocolVersion } from '../../capabilities/documents/a2a-addresses.ts';
import { assertBoundedBody, assertRequestShape } from './request-bounds.ts';

/** Throws unless `envelope` (a JSON-RPC 2.0 request for `method`, sent as 0.3 when `legacy`) may be handled. */
export function assertServableRpc(envelope: Record<string, unknown>, method: string, legacy: boolean): void {
  assertBoundedBody(envelope);
  const params = envelope.params ?? {};
  if (typeof params !== 'object' || params === null || Array.isArray(params))
    throw invalidParams('params must be a JSON object.');
  assertRequestShape(params as Record<string, unknown>);
  if (!legacy) return;
  // The card turns push notifications off; the 0.3 layer would read a config before refusing it.
  if (method.startsWith('tasks/pushNotificationConfig/'))
    throw new PushNotificationNotSupportedError({ message: 'This agent sends no push notifications.' });
  if (isV1JsonRpcMethod(method)) {
    throw new VersionNotSupportedError({
      message: `${method} is an A2A ${a2aProtocolVersion} method, and a request without an A2A-Version header is read as version ${a2aLegacyProtocolVersion}: send the header A2A-Version: ${a2aProtocolVersion}.`,
    });
  }
}
