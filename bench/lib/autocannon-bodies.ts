// autocannon keeps every response body as a string: it appends each chunk to one, which decodes the
// bytes as UTF-8. For a compressed page that decoding costs the load generator more than the server
// spends answering: a bare node:http server sending the home page's 4 KB of brotli read 0.42× of
// one sending 201 bytes of JSON, and 0.75–0.80× once the bodies were not decoded, while the same server
// sending 6.5 KB of ASCII read as fast as the 201 bytes. The HTML rows then measured the load
// generator, not the server. A scenario that checks no body has its bodies dropped unread instead;
// autocannon counts the bytes on the wire apart from the body, so throughput and bytes are unchanged.
import { createRequire } from 'node:module';

interface BodyQueue {
  addBody(data: Buffer): void;
}

const require = createRequire(import.meta.url);
// autocannon 9's queue of in-flight requests, shared by every client it creates.
const queue = (require('autocannon/lib/pipelinedRequestsQueue.js') as { prototype: BodyQueue }).prototype;
const keepBody = queue.addBody;
if (typeof keepBody !== 'function') {
  throw new Error('autocannon no longer has PipelinedRequestsQueue.addBody: see bench/lib/autocannon-bodies.ts');
}
const dropBody: BodyQueue['addBody'] = () => {};

/** Whether the next autocannon run keeps bodies (for a body check) or drops them unread. */
export function keepResponseBodies(keep: boolean): void {
  queue.addBody = keep ? keepBody : dropBody;
}
