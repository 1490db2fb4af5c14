# syntax=docker/dockerfile:1.7
# The matchmaker image (distributed profile). Build from the repository root:
#   docker build -f deploy/docker/matchmaker.Dockerfile -t beatmatch/matchmaker .
# (BuildKit reads deploy/docker/matchmaker.Dockerfile.dockerignore beside this file.)
FROM node:20-bookworm-slim
ENV NODE_ENV=production NPM_CONFIG_UPDATE_NOTIFIER=false
WORKDIR /app
# The whole workspace: npm ci needs every workspace's package.json, and tsx runs the TS source.
COPY package.json package-lock.json tsconfig.base.json ./
COPY packages ./packages
COPY services ./services
COPY gateway ./gateway
COPY frontends ./frontends
# TS source runs through tsx (a root devDependency), so dev dependencies are installed too.
RUN npm ci --include=dev --no-audit --no-fund
USER node
ENV HOST=0.0.0.0 PORT=4003 DATA_DIR=/tmp/beatmatch
EXPOSE 4003
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=5 \
  CMD node -e "fetch('http://127.0.0.1:4003/readyz').then((r)=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["npx", "tsx", "services/matchmaker/src/main.ts"]
