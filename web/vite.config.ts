import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The API serves web/dist in production; in development Vite proxies the API paths to it.
const api = process.env.SHOTLOG_API ?? 'http://127.0.0.1:4000';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  build: {
    outDir: 'dist',
    // Lightning CSS (Vite's CSS minifier) adds vendor prefixes for these browsers, so the styles
    // carry only standard properties. It treats `-webkit-backdrop-filter` and `backdrop-filter` as
    // one property and keeps the last one written: a hand-written prefixed copy after the standard
    // one left Chromium with no backdrop-filter at all (the web3 glass header turned clear).
    // Safari 16.4 is why `-webkit-backdrop-filter` is still emitted; web/e2e/glass-header.browser.spec.ts
    // reads the computed style on the built app.
    cssTarget: ['chrome111', 'edge111', 'firefox114', 'safari16.4'],
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
