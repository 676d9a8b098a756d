import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** Directory of this file (`web/`): the Vite root. */
const webDir = fileURLToPath(new URL('.', import.meta.url));

/** The API server that `npm run dev` proxies to. */
const apiTarget = 'http://localhost:4000';

export default defineConfig({
  root: webDir,
  // Absolute asset URLs: the GraphiQL page is served at /graphql, not at /graphiql/.
  base: '/',
  plugins: [react()],
  build: {
    // WEB_DIST_DIR lets parallel test runs build into separate folders (the server reads the same variable).
    outDir: process.env.WEB_DIST_DIR ? resolve(process.env.WEB_DIST_DIR) : resolve(webDir, 'dist'),
    emptyOutDir: true,
    rolldownOptions: {
      input: {
        main: resolve(webDir, 'index.html'),
        graphiql: resolve(webDir, 'graphiql/index.html'),
      },
    },
  },
  server: {
    proxy: {
      '/graphql': {
        target: apiTarget,
        ws: true,
        // A browser opening /graphql gets the dev GraphiQL page, as the server does in production.
        bypass: (req) =>
          req.method === 'GET' &&
          !req.url?.includes('query=') &&
          req.headers.accept?.includes('text/html') &&
          req.headers.upgrade === undefined
            ? '/graphiql/index.html'
            : undefined,
      },
      '/files': { target: apiTarget },
    },
  },
});
