// The floor under a page served from memory: a bare Fastify 5 app answering every request with the
// page bench/lib/page-origin.ts serves (Modern Business's 16.7 KB home page), its bytes held in
// memory, with the cacheable page's headers. bench/front-rounds.ts reads its CPU per page beside
// front mode's cache, which can cost no less than this.
import fs from 'node:fs';
import Fastify from 'fastify';
import { pagePath } from './lib/page-origin.ts';

const page = fs.readFileSync(pagePath);
const app = Fastify({ logger: false });
app.get('/*', (_request, reply) =>
  reply
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'public, max-age=600')
    .header('etag', '"modern-business"')
    .send(page),
);
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.send?.(typeof address === 'object' && address ? address.port : 0);
