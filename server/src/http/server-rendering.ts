/**
 * Server rendering of the public pages (docs/architecture.md "Web rendering"): `/`, `/products`,
 * `/products/:slug`, `/guides`, `/support` and the policy pages arrive as HTML with their content, critical CSS, SEO head and the
 * Apollo cache the browser hydrates from. The React side is the web app's own code, built by `vite build --ssr` into
 * `<webDistDir>/.ssr/entry-server.cjs` (web/src/entry-server.tsx); without that bundle (a build without it, the
 * API tests' small stand-in builds) the pages are the client-rendered app as before.
 *
 * Every rendered page is kept with the data it shows, so a page costs one render per version of that data, however
 * many visitors ask and whatever URL they make up (review finding 12: a render costs tens of milliseconds of CPU):
 * - pages that show the catalogue (`/`, `/products`, `/products/:slug`, `/support`) in the renderer's own store,
 *   kept per catalogue version (CatalogueRenderedPages, keyed by ProductService.catalogueVersion), dropped when the
 *   version changes: on any product change, in any process, and after the catalogue's maximum age. A price or stock
 *   change is therefore never served staler than the catalogue itself;
 * - `/guides` with the guides (GuideService.keptWithGuides), dropped on any change to them;
 * - every unknown product slug shares one "Product Not Found" page, kept with the catalogue (a slug is unknown by the
 *   catalogue), rendered with a placeholder where the slug goes and sent with the requested slug in its place;
 * - `/terms`, `/refunds`, `/privacy` (the owner's policy texts) with the store settings alone;
 * - and every page, within its store, per version of the store settings (StoreSettingsService.version: the name and
 *   contacts are on every page), dropped when the owner saves them, in any process.
 * Pages are rendered from their path alone, except /products: no other public page reads the query string, so
 * `?anything` is the same page, and the keys are a fixed set (the paths above and one per active product), which no URL
 * can grow. /products reads its filters (common/catalogue-filter.ts: category, search, sort), normalised before they
 * make a key: category and sort are a fixed set (15 pages); searches are free text, so at most
 * `SEARCH_PAGES_PER_CATALOGUE` of them are kept per catalogue version, and a further one gets the client-rendered page
 * (which filters in the browser) rather than a render of its own.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { ApolloServer } from '@apollo/server';
import type express from 'express';
import type { FormattedExecutionResult } from 'graphql';
import { filterSearch, readFilter } from '../../../common/catalogue-filter';
import { CatalogueVersioned } from '../catalogue/catalogue-version';
import type { Product } from '../catalogue/product.entity';
import { ProductService } from '../catalogue/product.service';
import { Service, type Container } from '../container';
import { logger } from '../core/logger';
import { createContext, type RequestContext } from '../graphql/context';
import type { GuideService } from '../guides/guide.service';
import { StoreSettingsService } from '../store-settings/store-settings.service';
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
const RENDERED_PATH = /^\/(products(\/[a-z0-9][a-z0-9-]{0,99})?|guides|support|terms|refunds|privacy)?$/;

/** The policy pages (/terms, /refunds, /privacy): they show the store settings only, so they are kept with them. */
const POLICY_PATH = /^\/(terms|refunds|privacy)$/;

/** Where, in a store of pages, the pages of the current store settings are kept (no path looks like it). */
const SETTINGS_KEY = 'settings\n';

/**
 * Every page shows the store settings (the name in the navigation bar and footer, the contacts, the policy pages), so a
 * store of pages keeps them per settings version: a save drops them, in every process, as a product change drops the
 * catalogue's pages. Kept inside the store it refines, so either change drops the page.
 */
export function withSettings(store: Map<string, unknown>, version: number): Map<string, unknown> {
  let bySettings = store.get(SETTINGS_KEY) as CatalogueVersioned<Map<string, unknown>> | undefined;
  if (!bySettings) store.set(SETTINGS_KEY, (bySettings = new CatalogueVersioned(() => new Map<string, unknown>())));
  return bySettings.at(version);
}

/**
 * Where the slug goes in the one kept "Product Not Found" page: not a slug the catalogue writes (no underscores), so
 * it is no product's, and text no page contains otherwise.
 */
const SLUG_PLACEHOLDER = '_unknown_slug_';

/** A render that takes longer than this is abandoned for the client-rendered page. */
const RENDER_TIMEOUT_MS = 5_000;

export interface ServerRendererOptions {
  webDistDir: string;
  apollo: ApolloServer<RequestContext>;
  container: Container;
  products: ProductService;
  guides: GuideService;
  publicUrl: string;
}

interface Page {
  status: number;
  html: string;
}

/** The rendered pages that show the catalogue, by path: server rendering's own cache, per catalogue version. */
@Service()
export class CatalogueRenderedPages {
  private readonly pages = new CatalogueVersioned(() => new Map<string, unknown>());

  constructor(private readonly products: ProductService) {}

  /**
   * The pages kept for the current catalogue (loading it if need be). Taken before rendering: a page is never kept
   * under a catalogue version newer than its data.
   */
  async current(): Promise<Map<string, unknown>> {
    return this.pages.at(await this.products.catalogueVersion());
  }
}

export interface ServerRenderer {
  /** The page's HTML and status, or null when this path is not server-rendered (or there is no SSR bundle). */
  page(req: express.Request, res: express.Response): Promise<Page | null>;
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

/**
 * How many pages this process has rendered (not answered from a kept page): what shows that a URL a visitor can vary
 * costs no render (tests/api/server-rendering.test.ts), and a count a metrics endpoint can expose.
 */
export const renderingStats = { renders: 0 };

/** Searches of /products kept per catalogue version (and settings version); more are sent client-rendered. */
export const SEARCH_PAGES_PER_CATALOGUE = 32;

/** The searches each store of kept pages holds (a store is dropped with its catalogue or settings version). */
const keptSearches = new WeakMap<Map<string, unknown>, Set<string>>();

/** Whether `store` keeps (or may still keep) the /products page at `url`, a search. */
function roomForSearch(store: Map<string, unknown>, url: string): boolean {
  let searches = keptSearches.get(store);
  if (!searches) keptSearches.set(store, (searches = new Set()));
  if (searches.has(url)) return true;
  if (searches.size >= SEARCH_PAGES_PER_CATALOGUE) return false;
  searches.add(url);
  return true;
}

export function createServerRenderer(options: ServerRendererOptions): ServerRenderer {
  const { webDistDir, apollo, container, products, guides, publicUrl } = options;
  const cataloguePages = container.get(CatalogueRenderedPages);
  const settings = container.get(StoreSettingsService);
  /** The policy pages' own store, kept per settings version like the rest (they show no catalogue). */
  const policyPages = new Map<string, unknown>();
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

  /**
   * The page at `pathname` (`product`: the active product of a product page, null for a 404); `url` adds the query the
   * page reads (/products' filters), normalised.
   */
  async function render(
    pathname: string,
    product: Product | null,
    req: express.Request,
    res: express.Response,
    url = pathname,
  ) {
    const { bundle, template } = loaded!;
    renderingStats.renders++;
    const head = pageHead(pathname, product, publicUrl, (await settings.current()).storeName);
    const signal = AbortSignal.timeout(RENDER_TIMEOUT_MS);
    const page = await bundle.render({
      url,
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

  /**
   * The page kept in `store` under `path`, rendered by `renderPage` when it is not there. The render itself is kept,
   * so requests arriving while it runs wait for it rather than render again; a failed one is dropped for the next.
   */
  function kept(store: Map<string, unknown>, path: string, renderPage: () => Promise<Page>): Promise<Page> {
    const key = `page\n${path}`;
    let page = store.get(key) as Promise<Page> | undefined;
    if (!page) {
      const rendering = renderPage();
      store.set(key, rendering);
      rendering.catch(() => {
        if (store.get(key) === rendering) store.delete(key);
      });
      page = rendering;
    }
    return page;
  }

  return {
    async page(req, res) {
      const pathname = req.path;
      if (!RENDERED_PATH.test(pathname)) return null;
      loaded ??= loadBundle(webDistDir);
      if (!loaded) return null;
      // Taken before anything is read: a page is never kept under a settings version newer than its data.
      const settingsVersion = settings.version();
      if (pathname === '/guides') {
        return kept(withSettings(guides.keptWithGuides(), settingsVersion), pathname, () =>
          render(pathname, null, req, res),
        );
      }
      if (POLICY_PATH.test(pathname)) {
        return kept(withSettings(policyPages, settingsVersion), pathname, () => render(pathname, null, req, res));
      }
      const store = withSettings(await cataloguePages.current(), settingsVersion);
      if (pathname === '/products') {
        // The filters as the page reads them, in one spelling: `?sort=price&x=1` is the plain page.
        const filter = readFilter(new URL(req.originalUrl, 'http://store.local').searchParams);
        const url = `${pathname}${filterSearch(filter)}`;
        if (filter.q && !roomForSearch(store, url)) return null;
        return kept(store, url, () => render(pathname, null, req, res, url));
      }
      const slug = pathname.startsWith('/products/') ? pathname.slice('/products/'.length) : null;
      const product = slug ? await products.findActiveBySlug(slug) : null;
      if (!slug || product) return kept(store, pathname, () => render(pathname, product, req, res));
      // An unknown slug: the one 404 page, with this slug where the placeholder is (its URL and the query the browser
      // hydrates from). The slug matched RENDERED_PATH: letters, digits and hyphens, nothing to escape.
      const notFound = await kept(store, `/products/${SLUG_PLACEHOLDER}`, () =>
        render(`/products/${SLUG_PLACEHOLDER}`, null, req, res),
      );
      return { status: notFound.status, html: notFound.html.replaceAll(SLUG_PLACEHOLDER, () => slug) };
    },
  };
}

/** Logs a failed render; the caller then sends the client-rendered page, which loads its data itself. */
export function logRenderFailure(error: unknown, url: string): void {
  logger.error({ err: error, url }, 'Server rendering failed; sent the client-rendered page');
}
