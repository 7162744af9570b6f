// What a user would otherwise pick: a textbook Fastify 5 app with @fastify/rate-limit answering the
// same health JSON as the product (a budget per client address behind a trusted loopback proxy, a
// response schema for Fastify's serialiser), run as its own process like the real server, so the
// product's health CPU per request reads against the framework's own ordinary path.
import rateLimit from '@fastify/rate-limit';
import Fastify from 'fastify';

const baseUrl = 'http://127.0.0.1';
const app = Fastify({ logger: false, trustProxy: '127.0.0.1' });
await app.register(rateLimit, { max: 300, timeWindow: '1 minute' });

const healthSchema = {
  response: {
    200: {
      type: 'object',
      properties: {
        status: { type: 'string' },
        service: { type: 'string' },
        version: { type: 'string' },
        time: { type: 'string' },
        endpoints: {
          type: 'object',
          properties: {
            contact: { type: 'string' },
            openapi: { type: 'string' },
            catalog: { type: 'string' },
            mcp: { type: 'string' },
          },
        },
      },
    },
  },
};

app.get('/agent/health', { schema: healthSchema }, async () => ({
  status: 'ok',
  service: 'fastify-peer',
  version: '1.0.0',
  time: new Date().toISOString(),
  endpoints: {
    contact: `${baseUrl}/agent/contact`,
    openapi: `${baseUrl}/agent/openapi.json`,
    catalog: `${baseUrl}/.well-known/api-catalog`,
    mcp: `${baseUrl}:3001/mcp`,
  },
}));

const address = await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
// The parent reads the port from this one line.
console.log(`fastify-peer listening ${new URL(address).port}`);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
