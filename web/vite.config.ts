import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress';

/** Directory of this file (`web/`): the Vite root. */
const webDir = fileURLToPath(new URL('.', import.meta.url));

/** The API server that `npm run dev` proxies to. */
const apiTarget = 'http://localhost:4000';

// WEB_DIST_DIR lets parallel test runs build into separate folders (the server reads the same variable).
const outDir = process.env.WEB_DIST_DIR ? resolve(process.env.WEB_DIST_DIR) : resolve(webDir, 'dist');

/**
 * The server-rendering bundle (`vite build --ssr`, run by `npm run build:web` after the client build): one CommonJS
 * file with every dependency inside (React is a dev dependency, absent from the production image), written to
 * `<outDir>/.ssr/`, a dot-folder that the static file serving never sends. docs/architecture.md "Web rendering".
 */
const ssrBuild = {
  ssr: resolve(webDir, 'src/entry-server.tsx'),
  outDir: resolve(outDir, '.ssr'),
  emptyOutDir: true,
  copyPublicDir: false,
  rolldownOptions: {
    input: resolve(webDir, 'src/entry-server.tsx'),
    output: { format: 'cjs' as const, entryFileNames: 'entry-server.cjs' },
  },
};

export default defineConfig(({ isSsrBuild }) => ({
  root: webDir,
  // Absolute asset URLs: the GraphiQL page is served at /graphql, not at /graphiql/.
  base: '/',
  plugins: [react(), precompress()],
  ssr: { noExternal: true },
  // The server bundle renders exactly what the client build hydrates (Emotion's class names carry labels in
  // development builds), whatever NODE_ENV the server later runs under: the mode of the build decides, as Vite's own
  // (a build is a production one unless NODE_ENV=development, as the browser tests' server builds).
  define: isSsrBuild
    ? { 'process.env.NODE_ENV': JSON.stringify(process.env.NODE_ENV === 'development' ? 'development' : 'production') }
    : undefined,
  build: isSsrBuild
    ? ssrBuild
    : {
        outDir,
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
}));
