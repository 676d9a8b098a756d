/**
 * Server rendering of the public pages (docs/architecture.md "Web rendering"): `/`, `/products`,
 * `/products/:slug`, `/guides` and `/support` arrive as HTML with their content, critical CSS, SEO head and the
 * Apollo cache the browser hydrates from. The React side is the web app's own code, built by `vite build --ssr` into
 * `<webDistDir>/.ssr/entry-server.cjs` (web/src/entry-server.tsx); without that bundle (a build without it, the
 * API tests' small stand-in builds) the pages are the client-rendered app as before.
 *
 * Pages that show only the catalogue are kept with the cached catalogue (ProductService.catalogueResponses), so
 * they are rendered once per catalogue and dropped with it: on any product change, in any process, and after the
 * catalogue's maximum age. A price or stock change is therefore never served staler than the catalogue itself.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { ApolloServer } from '@apollo/server';
import type express from 'express';
import type { FormattedExecutionResult } from 'graphql';
import type { ProductService } from '../catalogue/product.service';
import type { Container } from '../container';
import { logger } from '../core/logger';
import { createContext, type RequestContext } from '../graphql/context';
import { headTags, jsonForScript, pageHead } from './seo';

/** What web/src/entry-server.tsx exports (the bundle is CommonJS, so `require` loads it in the server and in jest). */
interface SsrBundle {
  render(options: {
    url: string;
    executeGraphql(query: string, variables: Record<string, unknown> | undefined): Promise<FormattedExecutionResult>;
    signal?: AbortSignal;
  }): Promise<{ html: string; styles: string; apolloState: unknown }>;
}

/** Public paths the server renders; `/products/<slug>` with a slug as the catalogue writes them. */
const RENDERED_PATH = /^\/(products(\/[a-z0-9][a-z0-9-]{0,99})?|guides|support)?$/;

/** Pages whose content is the catalogue and fixed text only: kept with the cached catalogue. */
const CATALOGUE_PAGE = /^\/(products(\/.*)?)?$|^\/support$/;

/** A render that takes longer than this is abandoned for the client-rendered page. */
const RENDER_TIMEOUT_MS = 5_000;

export interface ServerRendererOptions {
  webDistDir: string;
  apollo: ApolloServer<RequestContext>;
  container: Container;
  products: ProductService;
  publicUrl: string;
}

export interface ServerRenderer {
  /** The page's HTML and status, or null when this path is not server-rendered (or there is no SSR bundle). */
  page(req: express.Request, res: express.Response): Promise<{ status: number; html: string } | null>;
}

function loadBundle(webDistDir: string): { bundle: SsrBundle; template: string } | null {
  const bundleFile = path.join(webDistDir, '.ssr', 'entry-server.cjs');
  const templateFile = path.join(webDistDir, 'index.html');
  if (!fs.existsSync(bundleFile) || !fs.existsSync(templateFile)) return null;
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a built CommonJS bundle, found at run time
  const bundle = require(bundleFile) as SsrBundle;
  return { bundle, template: fs.readFileSync(templateFile, 'utf8') };
}

/**
 * The built page with the rendered parts in place of the client-only shell's title, description and empty root.
 * The app's scripts move from the head to web/public/start.js, which loads them after the page has loaded: a
 * server-rendered page is complete without them, and on a slow network they would delay its first paint.
 */
function fillTemplate(template: string, parts: { head: string; styles: string; html: string; state: string }): string {
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(template)?.[1];
  if (!entry) throw new Error('The built index.html has no module script');
  return template
    .replace(/<title>[\s\S]*?<\/title>/, '')
    .replace(/<meta\s+name="description"[\s\S]*?\/>/, '')
    .replace(/\s*<script type="module"[^>]*><\/script>/, '')
    .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
    .replace('</head>', () => `  ${parts.head}\n    ${parts.styles}\n  </head>`)
    .replace(
      '<div id="root"></div>',
      () =>
        `<div id="root">${parts.html}</div>\n    <script type="application/json" id="__APOLLO_STATE__">${parts.state}</script>` +
        `\n    <script type="module" src="/start.js" data-entry="${entry}"></script>`,
    );
}

export function createServerRenderer(options: ServerRendererOptions): ServerRenderer {
  const { webDistDir, apollo, container, products, publicUrl } = options;
  let loaded: ReturnType<typeof loadBundle> | undefined;

  const executeGraphql =
    (requestId: string, ip: string) => async (query: string, variables?: Record<string, unknown>) => {
      const response = await apollo.executeOperation(
        { query, variables },
        { contextValue: createContext({ user: null, ip, requestId, container }) },
      );
      if (response.body.kind !== 'single') throw new Error('Incremental delivery is not used by the store pages');
      return response.body.singleResult;
    };

  async function render(req: express.Request, res: express.Response, bundle: SsrBundle, template: string) {
    const pathname = req.path;
    const slug = pathname.startsWith('/products/') ? pathname.slice('/products/'.length) : null;
    const product = slug ? await products.findActiveBySlug(slug) : null;
    const head = pageHead(pathname, product, publicUrl);
    const signal = AbortSignal.timeout(RENDER_TIMEOUT_MS);
    const page = await bundle.render({
      url: req.originalUrl,
      executeGraphql: executeGraphql(res.locals.requestId as string, req.ip ?? ''),
      signal,
    });
    const html = fillTemplate(template, {
      head: headTags(head, publicUrl),
      styles: page.styles,
      html: page.html,
      state: jsonForScript(page.apolloState),
    });
    return { status: head.status, html };
  }

  return {
    async page(req, res) {
      if (!RENDERED_PATH.test(req.path)) return null;
      loaded ??= loadBundle(webDistDir);
      if (!loaded) return null;
      const { bundle, template } = loaded;
      if (!CATALOGUE_PAGE.test(req.path)) return render(req, res, bundle, template);
      // Taken before rendering: a page is never kept in a catalogue newer than its data.
      const store = await products.catalogueResponses();
      const key = `page\n${req.path}`;
      const cached = store.get(key) as { status: number; html: string } | undefined;
      if (cached) return cached;
      const page = await render(req, res, bundle, template);
      // Only real pages are kept (one per active product at most); a 404 for a made-up slug is rendered each time.
      if (page.status === 200) store.set(key, page);
      return page;
    },
  };
}

/** Logs a failed render; the caller then sends the client-rendered page, which loads its data itself. */
export function logRenderFailure(error: unknown, url: string): void {
  logger.error({ err: error, url }, 'Server rendering failed; sent the client-rendered page');
}
