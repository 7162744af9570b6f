# syntax=docker/dockerfile:1
# agentsite: site + REST API + MCP server. Stage 1 bundles the server with esbuild (dist/, what
# `npm start` runs: it starts faster than the sources); stage 2 installs production dependencies
# for the worker and CLI, which run the TypeScript sources directly (type stripping); stage 3 copies
# both with the sources and content into a clean image that runs as the unprivileged `node` user.

FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# No dependency needs an install script (esbuild's binary comes as an optional dependency).
RUN npm ci --ignore-scripts
COPY scripts ./scripts
COPY src ./src
RUN node scripts/build.ts

FROM node:24-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
# No dependency needs an install script (pg is pure JavaScript; node:sqlite is built in).
RUN npm ci --omit=dev --ignore-scripts && npm cache clean --force

FROM node:24-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    MCP_PORT=3001 \
    DATABASE_URL=sqlite:/data/agentsite.db
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY package.json ./
COPY bin ./bin
COPY src ./src
COPY --from=build /app/dist ./dist
COPY content ./content
# /data holds the SQLite file when no PostgreSQL DATABASE_URL is given.
RUN mkdir /data && chown node:node /data
VOLUME /data
USER node
EXPOSE 3000 3001
# Health answers 200 with status ok or degraded; the container is unhealthy only if it does not answer.
HEALTHCHECK --interval=30s --timeout=3s --start-period=20s \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/agent/health`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM drains requests and in-flight deliveries (node is PID 1 and handles it itself).
STOPSIGNAL SIGTERM
# V8 heap settings, set on purpose, on node's command line (NODE_OPTIONS refuses --heap-growing-percent;
# the bench starts the server with this line's flags). The old generation is collected once it has
# doubled since the last full collection (V8 lets it reach about four times), which bounds the garbage
# an idle process keeps. The young generation may grow to two 32 MB semi-spaces: each minor collection
# has a fixed cost (it visits every page of the old generation, thousands with many sites loaded), so
# four times fewer of them cost 8-25% less CPU per request than 8 MB did, and the idle process still
# gives the young generation back (src/kernel/idle-heap.ts; docs/benchmarks.md).
CMD ["node", "--max-semi-space-size=32", "--heap-growing-percent=100", "dist/main.mjs"]
