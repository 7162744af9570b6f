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
# A V8 heap setting, set on purpose: V8 grows the young generation up to 64 MB a semi-space under load
# and keeps it while idle; 16 MB keeps the idle process up to about 110 MB smaller after a burst of MCP
# calls, at the same CPU per call (docs/benchmarks.md). The bench runs the server with this line's options.
ENV NODE_OPTIONS=--max-semi-space-size=16
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
CMD ["node", "dist/main.mjs"]
