// The dashboard's one credential check: `Authorization: Bearer <ADMIN_TOKEN>`, or Basic with any
// user name and the token as password. Both sides are hashed before a constant-time compare, so
// neither the token's length nor a matching prefix shows in the time taken.
import { createHash, timingSafeEqual } from 'node:crypto';

/** Sent with every 401, so a browser asks for the token and an agent sees both schemes. */
export const authChallenge = 'Basic realm="agentsite dashboard", charset="UTF-8", Bearer realm="agentsite dashboard"';

export function createTokenCheck(token: string): (authorization: string | undefined) => boolean {
  const expected = digest(token);
  return (authorization) => {
    const presented = presentedToken(authorization);
    return presented !== undefined && timingSafeEqual(digest(presented), expected);
  };
}

/** The secret a header carries, or undefined when it carries none in a scheme we accept. */
function presentedToken(authorization: string | undefined): string | undefined {
  const match = /^(Bearer|Basic)[ ]+(\S+)[ ]*$/i.exec(authorization ?? '');
  if (!match) return undefined;
  if (match[1]!.toLowerCase() === 'bearer') return match[2];
  const decoded = Buffer.from(match[2]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon === -1 ? undefined : decoded.slice(colon + 1);
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}
