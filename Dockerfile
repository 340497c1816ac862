# Kalimat on Fly.io: Bun serves the app; LiteFS replicates the SQLite database between machines.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci
COPY . .
RUN node_modules/.bin/bun scripts/build.ts && npm prune --omit=dev

FROM node:20-bookworm-slim
# fuse3 for LiteFS. The local voice of /api/tts comes with npm (espeak-ng built to WebAssembly).
RUN apt-get update -qq && apt-get install -y -qq --no-install-recommends ca-certificates fuse3 sqlite3 \
  && rm -rf /var/lib/apt/lists/*
COPY --from=flyio/litefs:0.5 /usr/local/bin/litefs /usr/local/bin/litefs
WORKDIR /app
COPY --from=build /app /app
ENV NODE_ENV=production PORT=3000 DATABASE_PATH=/litefs/app.db LITEFS_DIR=/litefs TRUST_PROXY=true
COPY litefs.yml /etc/litefs.yml
ENTRYPOINT ["litefs", "mount"]
