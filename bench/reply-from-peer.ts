// The bare pass-through front mode is weighed against: a textbook Fastify 5 app with
// @fastify/reply-from forwarding every request to the origin given as the first argument, run as its
// own process by bench/front.ts, which reads its CPU per page beside the product's.
import replyFrom from '@fastify/reply-from';
import Fastify from 'fastify';

const app = Fastify({ logger: false });
await app.register(replyFrom, { base: process.argv[2] });
app.all('/*', (request, reply) => reply.from(request.url));
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.send?.(typeof address === 'object' && address ? address.port : 0);
