// Opaque, tamper-evident pagination cursors: a base64url JSON position plus an HMAC over it with a
// server-side key. A cursor that was altered or not issued by us is refused, never trusted.
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface CursorCodec {
  encode(position: string[]): string;
  /** The position, or undefined when the cursor is malformed or its signature does not match. */
  decode(cursor: string): string[] | undefined;
}

const maxCursorLength = 512;

export function createCursorCodec(key: Buffer): CursorCodec {
  const sign = (payload: string): Buffer => createHmac('sha256', key).update(payload).digest().subarray(0, 16);
  return {
    encode(position) {
      const payload = Buffer.from(JSON.stringify(position)).toString('base64url');
      return `${payload}.${sign(payload).toString('base64url')}`;
    },
    decode(cursor) {
      if (cursor.length > maxCursorLength) return undefined;
      const match = /^([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)$/.exec(cursor);
      if (!match) return undefined;
      const given = Buffer.from(match[2]!, 'base64url');
      const expected = sign(match[1]!);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
      try {
        const position: unknown = JSON.parse(Buffer.from(match[1]!, 'base64url').toString('utf8'));
        return Array.isArray(position) && position.every((part) => typeof part === 'string') ? position : undefined;
      } catch {
        return undefined;
      }
    },
  };
}
