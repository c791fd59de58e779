# One image for API and worker processes (docker-compose.yml picks the command).
FROM node:24-bookworm-slim
RUN apt-get update && apt-get install -y --no-install-recommends ffmpeg && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY . .
RUN npm ci && npm run build
EXPOSE 4000
CMD ["node", "api/dist/main.js"]
