# docsvc as a container image: built from this checkout, the service installed from its own packed package
# (scripts/pack.mjs), the same package `npm install -g` installs on a server. See docs/getting-started.md.
#   docker build -t docsvc .
#   docker run -p 8080:8080 -v docsvc-data:/data -e PUBLIC_URL=http://localhost:8080 docsvc
# NOTE: written without a container runtime (the machines this project is developed on have no Docker Hub
# access), so it is not built or tested by CI; scripts/pack-check.mjs tests the package it installs.

# 1. Build: install the workspace, compile, bundle, build the web app and pack.
FROM node:24-bookworm-slim AS build
# better-sqlite3 compiles from source during `pnpm install` (the image's Node 24 then uses node:sqlite instead).
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
WORKDIR /src
RUN corepack enable
COPY . .
RUN pnpm install --frozen-lockfile && pnpm build && node scripts/pack.mjs --out /packs

# 2. Install the packed service into /opt/docsvc with its production dependencies only (native ones, such as
#    sharp and @napi-rs/canvas, as prebuilt binaries for this platform). better-sqlite3 is optional and not
#    needed on Node 24 (node:sqlite), so no compiler is needed here.
FROM node:24-bookworm-slim AS install
COPY --from=build /packs/docsvc-*.tgz /tmp/
RUN npm install -g /tmp/docsvc-*.tgz --prefix /opt/docsvc --omit=dev --no-audit --no-fund \
 && rm -rf /root/.npm /tmp/docsvc-*.tgz

# 3. Run: the Node runtime and the installed package, as an unprivileged user, state in the /data volume.
FROM node:24-bookworm-slim
# --max-semi-space-size=4: as `pnpm start` runs it (fewer young-generation collections during renders).
ENV NODE_ENV=production \
    NODE_OPTIONS=--max-semi-space-size=4 \
    DATA_DIR=/data \
    HOST=0.0.0.0 \
    PORT=8080 \
    PATH=/opt/docsvc/bin:$PATH
COPY --from=install /opt/docsvc /opt/docsvc
# qpdf reads the PDFs of `check-pdf` (POST /api/tools/check-pdf, docs/archiving.md) in a child process.
RUN apt-get update && apt-get install -y --no-install-recommends qpdf && rm -rf /var/lib/apt/lists/*
RUN groupadd --system --gid 10001 docsvc \
 && useradd --system --uid 10001 --gid docsvc --home-dir /data --shell /usr/sbin/nologin docsvc \
 && mkdir -p /data && chown docsvc:docsvc /data
USER docsvc
VOLUME ["/data"]
EXPOSE 8080
# /health answers 200 while the service can serve (database reachable); Node's fetch, no curl in the image.
HEALTHCHECK --interval=15s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
ENTRYPOINT ["docsvc"]
CMD ["serve"]
