/**
 * The server-rendering entry (docs/architecture.md "Web rendering"), built by `vite build --ssr` into one CommonJS
 * file that the API server loads (server/src/http/server-rendering.ts). `render` runs a public page's routes and
 * queries, prerenders it with React 19, and returns the HTML, the page's critical CSS (Emotion) and the Apollo
 * cache to put into the page, so the browser hydrates the same tree without fetching again.
 *
 * Queries run in the server's own process: the link hands each operation to `executeGraphql`, which the server
 * answers through Apollo Server (and the catalogue response cache) as it answers POST /graphql.
 */
import { ApolloClient, ApolloLink } from '@apollo/client';
import { prerenderStatic } from '@apollo/client/react/ssr';
import createCache, { type EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { print, type FormattedExecutionResult } from 'graphql';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { from } from 'rxjs';
import { AppProviders } from './AppProviders';
import { createApolloCache } from './apollo/cache';
import { routes } from './routes';

export interface RenderOptions {
  /** Path and query of the page, e.g. `/products/ssl-certificates`. */
  url: string;
  /** Runs one GraphQL operation as an anonymous visitor (no session: public pages show no one's data). */
  executeGraphql(query: string, variables: Record<string, unknown> | undefined): Promise<FormattedExecutionResult>;
  /** Stops rendering (the client went away, or it took too long). */
  signal?: AbortSignal;
}

export interface RenderedPage {
  /** The markup inside `<div id="root">`. */
  html: string;
  /** `<style data-emotion>` tags with the CSS this markup uses, for the page's head. */
  styles: string;
  /** The Apollo cache after rendering (`cache.extract()`), for the browser to restore. */
  apolloState: unknown;
}

const handler = createStaticHandler(routes);

/** The `<style>` tags of the rules a render inserted, in Emotion's SSR format (global rules first, as `css-global`). */
function styleTags(cache: EmotionCache, html: string): string {
  const used = new Set(Array.from(html.matchAll(new RegExp(`${cache.key}-([a-zA-Z0-9-_]+)`, 'g')), (m) => m[1]));
  const globals: string[] = [];
  const ids: string[] = [];
  let css = '';
  for (const [id, rules] of Object.entries(cache.inserted)) {
    if (typeof rules !== 'string') continue;
    const registered = cache.registered[`${cache.key}-${id}`] !== undefined;
    if (!registered) globals.push(`<style data-emotion="${cache.key}-global ${id}">${rules}</style>`);
    else if (used.has(id)) {
      ids.push(id);
      css += rules;
    }
  }
  return `${globals.join('')}<style data-emotion="${cache.key} ${ids.join(' ')}">${css}</style>`;
}

export async function render({ url, executeGraphql, signal }: RenderOptions): Promise<RenderedPage> {
  const request = new Request(new URL(url, 'http://store.local'), { signal });
  const context = await handler.query(request);
  // No route here redirects or loads data, so a Response would be a bug in the routes.
  if (context instanceof Response) throw new Error(`Route answered with a response: ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);

  const client = new ApolloClient({
    ssrMode: true,
    cache: createApolloCache(),
    link: new ApolloLink((operation) => from(executeGraphql(print(operation.query), operation.variables))),
  });

  // Each pass of the prerender loop gets a fresh Emotion cache: the styles kept are those of the final markup.
  // `compat` keeps the rules in `cache.inserted` instead of inline <style> elements in the markup.
  let emotion = createCache({ key: 'css' });
  const result = await prerenderStatic({
    tree: (
      // hydrate={false}: no inline script (the CSP allows none); no route has loader data to hand over.
      <AppProviders client={client}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    ),
    signal,
    renderFunction: (tree) => {
      emotion = createCache({ key: 'css' });
      emotion.compat = true;
      // React outlines a Suspense boundary larger than progressiveChunkSize behind an inline <script> that reveals it,
      // which the CSP blocks: the page is complete when sent, so every boundary stays inline.
      return prerenderToNodeStream(<CacheProvider value={emotion}>{tree}</CacheProvider>, {
        signal,
        progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      });
    },
  });
  const html = result.result;
  return { html, styles: styleTags(emotion, html), apolloState: client.extract() };
}
