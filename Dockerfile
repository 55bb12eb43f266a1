# Selah in a container: one image for every role (decision 025). `docker build -t selah .`, then
#   docker run -p 8080:8080 -v selah-data:/app/data selah                 (embedded: API, web app and jobs)
#   docker run ... selah node apps/server/dist/main.js --role api|worker  (at scale: see compose.yaml)
# scripts/test-dockerfile.mjs runs these steps in a clean copy on every CI run, so the file cannot rot unnoticed.
# Commands use paths relative to WORKDIR only.

FROM node:24-slim AS build
WORKDIR /app
# Dependencies first, so a change of the sources alone reuses this layer.
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/package.json
COPY apps/web/package.json apps/web/package.json
COPY packages/domain/package.json packages/domain/package.json
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build
# What runs needs no build tools: the server's npm packages only.
RUN npm prune --omit=dev --no-audit --no-fund
# The licences of every package shipped (decision 035), from what is installed now: production packages only.
RUN node scripts/third-party-notices.mjs --out THIRD-PARTY-NOTICES.txt

FROM node:24-slim AS runtime
# Debian's ffmpeg, kept up to date with the image's packages, masters the audio; the one bundled from npm stays as
# the fallback (decision 034). Paths are relative to / here (no WORKDIR yet).
RUN apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends ffmpeg && rm -rf var/lib/apt/lists/*
ENV NODE_ENV=production PORT=8080 HOST=0.0.0.0 DATA_DIR=/app/data WORKER_PORT=8081
WORKDIR /app
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/LICENSE /app/THIRD-PARTY-NOTICES.txt ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/apps/server/package.json ./apps/server/package.json
COPY --from=build /app/apps/server/node_modules ./apps/server/node_modules
COPY --from=build /app/apps/server/dist ./apps/server/dist
COPY --from=build /app/apps/server/drizzle ./apps/server/drizzle
COPY --from=build /app/apps/web/dist ./apps/web/dist
COPY --from=build /app/content ./content
COPY --from=build /app/deploy/healthcheck.mjs ./deploy/healthcheck.mjs
RUN mkdir -p data && chown node:node data
USER node
EXPOSE 8080 8081
# /health of the API (PORT), or of a worker (WORKER_PORT) when started with --role worker.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 CMD ["node", "deploy/healthcheck.mjs"]
CMD ["node", "apps/server/dist/main.js"]
