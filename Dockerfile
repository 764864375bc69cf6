# The reference server as a container: built in one stage, run in another as a
# non-root user, with a health check on /__admin/health.
#   docker build -t chatbot-api-mock .
#   docker run -p 4010:4010 -e ADMIN_TOKEN=change-me chatbot-api-mock serve --host 0.0.0.0
FROM node:22-bookworm-slim AS build
WORKDIR /app
# Nothing compiles: SQLite is node:sqlite, built into Node.
COPY package.json package-lock.json ./
COPY packages ./packages
# No scripts yet: the sources they build are not copied. No dependency needs its own (package.json's allowScripts).
RUN npm ci --ignore-scripts
COPY . .
RUN npm run build && npm prune --omit=dev --ignore-scripts

FROM node:22-bookworm-slim
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build --chown=node:node /app/package.json /app/openapi.yaml /app/LICENSE ./
COPY --from=build --chown=node:node /app/admin ./admin
COPY --from=build --chown=node:node /app/generated ./generated
COPY --from=build --chown=node:node /app/dist ./dist
COPY --from=build --chown=node:node /app/packages ./packages
COPY --from=build --chown=node:node /app/node_modules ./node_modules
USER node
EXPOSE 4010
# The admin API answers with the token when one is set (ADMIN_TOKEN), and without otherwise.
HEALTHCHECK --interval=30s --timeout=5s --start-period=10s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 4010) + '/__admin/health', { headers: process.env.ADMIN_TOKEN ? { authorization: 'Bearer ' + process.env.ADMIN_TOKEN } : {} }).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
ENTRYPOINT ["node", "dist/bin.cjs"]
CMD ["serve", "--host", "0.0.0.0"]
