# The JSBN site: one Node process serving the API under /api and the built web app.
# Configure it with environment variables only (docs/deploy.md); run several copies behind a
# proxy against one PostgreSQL database and one S3 bucket (compose.yaml).
# Node 24, the active LTS (Node 20 reached its end of life in April 2026; decision 036);
# Debian 12 named, so the PostgreSQL client below stays version 15 when the default moves on.
FROM node:24-bookworm-slim AS build
WORKDIR /app
# dependencies first (cached while only sources change)
COPY package.json package-lock.json ./
COPY packages/shared/package.json packages/shared/
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY tools/typecheck/package.json tools/typecheck/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:24-bookworm-slim
# pg_dump/pg_restore for `npm run backup` / `npm run restore` (Debian 12: PostgreSQL 15 tools)
RUN apt-get update \
  && apt-get install -y --no-install-recommends postgresql-client ca-certificates \
  && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/app/var
WORKDIR /app
# node_modules keeps tsx (a dev dependency) for the backup, restore and import scripts
COPY --from=build --chown=node:node /app /app
RUN mkdir -p /app/var && chown node:node /app/var
USER node
EXPOSE 3000
# ready = the database and the storage answer (GET /api/ready)
HEALTHCHECK --interval=10s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# SIGTERM → graceful shutdown (requests in flight finish, worker stops, pool closes)
STOPSIGNAL SIGTERM
CMD ["node", "apps/api/dist/server.js"]
