import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The API serves web/dist in production; in development Vite proxies the API paths to it.
const api = process.env.SHOTLOG_API ?? 'http://127.0.0.1:4000';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
  server: {
    proxy: {
      '/api': api,
      '/auth': api,
      '/graphql': { target: api, ws: true },
    },
  },
});
