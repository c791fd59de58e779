# One image for API and worker processes (docker-compose.yml picks the command).
FROM node:24-bookworm-slim
RUN apt-get update && apt-get install -y --no-install-recommends ffmpeg && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY . .
RUN npm ci && npm run build
EXPOSE 4000
# --max-semi-space-size=4: a 4 MB young generation instead of V8's default, which an idle API kept
# committed at ~64 MB (README, Memory per process; bench/idle-rss.mjs). --heap-growing-percent=50:
# room for upload buffers between full GCs (README, Object storage figures; bench/storage.mjs).
CMD ["node", "--max-semi-space-size=4", "--heap-growing-percent=50", "api/dist/main.js"]
