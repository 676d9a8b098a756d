import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress';
import { devProxy } from './dev-proxy';

/** Directory of this file (`web/`): the Vite root. */
const webDir = fileURLToPath(new URL('.', import.meta.url));

/** The API server that `npm run dev` (scripts/dev.mjs) proxies to: the one it starts, on PORT as the server reads it. */
const apiTarget = `http://localhost:${process.env.PORT || 4000}`;

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

export default defineConfig(({ command, isSsrBuild }) => ({
  root: webDir,
  // A build lists every file it writes (about 150 lines, `npm start` builds on a fresh clone): warnings and errors
  // only. `--logLevel info` shows the list.
  logLevel: command === 'build' ? 'warn' : 'info',
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
        // Sizes nobody reads at this log level, and gzipping every file for them costs build time.
        reportCompressedSize: false,
        rolldownOptions: {
          input: {
            main: resolve(webDir, 'index.html'),
            graphiql: resolve(webDir, 'graphiql/index.html'),
          },
          // A dependency's "use no memo" directive, which bundling drops as it should: nothing of ours to act on.
          onwarn: (warning, warn) => {
            if (warning.code === 'MODULE_LEVEL_DIRECTIVE' && warning.id?.includes('node_modules')) return;
            warn(warning);
          },
        },
      },
  // npm run dev: every route the API serves goes to the API (web/dev-proxy.ts).
  server: { proxy: devProxy(apiTarget) },
  // The terminal of npm run dev is shared with the API's log: Vite must not wipe it.
  clearScreen: false,
}));
