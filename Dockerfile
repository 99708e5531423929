# One image for every service of the separate topology (docker-compose.yml); the command picks the
# role: dist/tools/migrate.js, dist/processes/subgraph/main.js <name>, dist/processes/worker/main.js,
# dist/processes/gateway/main.js or dist/processes/facade/main.js. Configuration comes from the environment (subgraphs/kernel/env.ts).
FROM node:24-slim

WORKDIR /app
# Dependencies first, so a source change does not reinstall them.
COPY package.json package-lock.json ./
RUN npm ci
COPY . .
RUN npm run build

ENV NODE_ENV=production HOST=0.0.0.0
USER node
# The one-process service; docker-compose.yml overrides this per service.
CMD ["node", "dist/processes/all-in-one/main.js"]
