import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The API serves web/dist in production; in development Vite proxies the API paths to it.
const api = process.env.SHOTLOG_API ?? 'http://127.0.0.1:4000';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // Two entries sharing one build: the app, and the GraphQL explorer (served at /explorer), so
    // GraphiQL's code never reaches the app's first load.
    rollupOptions: { input: { main: `${import.meta.dirname}/index.html`, explorer: `${import.meta.dirname}/explorer.html` } },
  },
  server: {
    proxy: {
      '/api': api,
      '/auth': api,
      '/graphql': { target: api, ws: true },
    },
  },
});
