// Reading one of the origin's documents (robots.txt, sitemap.xml) into memory, never past a bound:
// past it the rest of the body is let go, so a huge answer never sits in memory whole.
import type { Readable } from 'node:stream';

/** `body`'s bytes, at most `maxBytes` of them, and whether it ended within the bound. */
export async function readBounded(body: Readable, maxBytes: number): Promise<{ bytes: Buffer; whole: boolean }> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of body) {
    chunks.push(chunk as Buffer);
    length += (chunk as Buffer).length;
    if (length > maxBytes) {
      body.destroy();
      return { bytes: Buffer.concat(chunks).subarray(0, maxBytes), whole: false };
    }
  }
  return { bytes: Buffer.concat(chunks), whole: true };
}
