# Production image: builds server and web, runs `node dist/server/src/main.js` as a non-root user.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev

# The proxy (docker-compose.yml `proxy`): nginx with the built files, so it sends /assets/ itself, precompressed
# (deploy/nginx.conf). The server-rendering bundle (web/dist/.ssr) stays with the app.
FROM nginx:1.27-alpine AS proxy
COPY --from=build /app/web/dist/assets /usr/share/nginx/store/assets
COPY deploy/nginx.conf /etc/nginx/conf.d/default.conf

# The app (the default target).
FROM node:24-bookworm-slim
ENV NODE_ENV=production PORT=4000
# Caps V8's old generation: under a burst of live updates the heap otherwise grows well past the live set
# (README "Performance"); at 384 MB the fan-out benchmark peaks at 274 MB RSS with no CPU cost. Live
# subscribers need ~20 KB each: raise it with the container's memory for more than ~10,000 per replica.
ENV NODE_OPTIONS=--max-old-space-size=384
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/web/dist ./web/dist
USER node
EXPOSE 4000
CMD ["node", "dist/server/src/main.js"]
