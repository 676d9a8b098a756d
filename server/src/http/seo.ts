/**
 * What search engines and link previews read (docs/architecture.md "Web rendering"): each public page's title,
 * description, canonical URL and Open Graph tags, a schema.org `Product` (JSON-LD) on product pages, the sitemap
 * of the active catalogue and robots.txt. Everything is built from the catalogue the server already caches and from
 * PUBLIC_URL, the store's address as customers use it.
 */
import { STORE_NAME } from '../../../common/brand';
import { POLICY_PAGES } from '../../../common/store-settings';
import type { Product } from '../catalogue/product.entity';

/** The public pages the server renders (and lists in the sitemap, with the products). */
export const PUBLIC_PAGES = ['/', '/products', '/guides', '/support', ...POLICY_PAGES.map((p) => p.path)] as const;

export interface PageHead {
  title: string;
  description: string;
  /** Path of the page's canonical URL (query and fragment dropped). */
  path: string;
  ogType: 'website' | 'product';
  /** Path of an image for previews, when the page has one. */
  image?: string | null;
  /** The schema.org object for the page's JSON-LD, when it has one. */
  jsonLd?: Record<string, unknown>;
  /** 404 for a product that does not exist or is not on sale. */
  status: number;
  /** The store's name as its owner set it (og:site_name). */
  siteName: string;
}

const HOME_DESCRIPTION =
  'SSL certificates, crypto keys, trading bots and scripts, paid in cryptocurrency and delivered after payment confirmation.';

/** The heads of the pages that are not product pages, with the store's name as its owner set it. */
const staticHeads = (storeName: string): Record<string, Omit<PageHead, 'path' | 'status' | 'ogType' | 'siteName'>> => ({
  ...Object.fromEntries(
    POLICY_PAGES.map((policy) => [
      policy.path,
      { title: `${policy.title} — ${storeName}`, description: `The ${policy.title} of ${storeName}.` },
    ]),
  ),
  '/': { title: `${storeName} — SSL certificates and crypto keys, paid in crypto`, description: HOME_DESCRIPTION },
  '/products': {
    title: `Products — ${storeName}`,
    description:
      'Every product in the store with its price: SSL certificates (DV, OV, EV and bulk SSL keys), crypto licence keys, scripts and trading bots.',
  },
  '/guides': {
    title: `SSL Installation Guides — ${storeName}`,
    description:
      'Step-by-step instructions for installing an SSL certificate on cPanel, Plesk, nginx, Apache, IIS and other hosting panels and web servers.',
  },
  '/support': {
    title: `Support — ${storeName}`,
    description: `Contact the ${storeName} team by e-mail, phone or a support ticket: orders, payments, certificate installation and bulk purchases.`,
  },
});

/** Path of a product page. */
export function productPath(slug: string): string {
  return `/products/${encodeURIComponent(slug)}`;
}

/** A description of at most ~160 characters (what search results show), cut at a word. */
function snippet(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= 160) return flat;
  return `${flat.slice(0, 157).replace(/\s+\S*$/, '')}…`;
}

/**
 * The head of a public page. `product` is the active product of a `/products/:slug` page, or null when there is
 * none (a 404 page); other pages ignore it. `storeName`: the owner's (store settings), in titles and og:site_name.
 */
export function pageHead(
  pathname: string,
  product: Product | null,
  publicUrl: string,
  storeName: string = STORE_NAME,
): PageHead {
  const head = pageHeadOf(pathname, product, publicUrl, storeName);
  return { ...head, siteName: storeName };
}

function pageHeadOf(
  pathname: string,
  product: Product | null,
  publicUrl: string,
  storeName: string,
): Omit<PageHead, 'siteName'> {
  if (pathname.startsWith('/products/')) {
    if (!product) {
      return {
        title: `Product Not Found — ${storeName}`,
        description: 'This product does not exist or is no longer sold.',
        path: pathname,
        ogType: 'website',
        status: 404,
      };
    }
    const path = productPath(product.slug);
    return {
      title: `${product.name} — ${storeName}`,
      description: snippet(product.description),
      path,
      ogType: 'product',
      image: product.image,
      jsonLd: productJsonLd(product, publicUrl, storeName),
      status: 200,
    };
  }
  const head = staticHeads(storeName)[pathname];
  return { ...head, path: pathname, ogType: 'website', status: 200 };
}

/** schema.org `Product` with its `Offer`: price in USD (the store's prices), availability from the catalogue. */
export function productJsonLd(
  product: Product,
  publicUrl: string,
  storeName: string = STORE_NAME,
): Record<string, unknown> {
  const url = publicUrl + productPath(product.slug);
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    description: product.description,
    sku: product.slug,
    url,
    ...(product.image && { image: publicUrl + product.image }),
    brand: { '@type': 'Brand', name: storeName },
    offers: {
      '@type': 'Offer',
      url,
      price: product.price.toFixed(2),
      priceCurrency: 'USD',
      availability: product.onSale ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      eligibleQuantity: { '@type': 'QuantitativeValue', minValue: product.minQuantity },
    },
  };
}

/** Escapes text for HTML content and double-quoted attributes. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** JSON safe inside a `<script>` element: no `</script>`, `<!--` or line separators can end or break it. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The `<head>` elements of a page: title, description, canonical, Open Graph and Twitter card, JSON-LD. */
export function headTags(head: PageHead, publicUrl: string): string {
  const canonical = publicUrl + (head.path === '/' ? '/' : head.path);
  const meta = (attr: 'name' | 'property', key: string, value: string) =>
    `<meta ${attr}="${key}" content="${escapeHtml(value)}" />`;
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
    ...(head.status === 200
      ? [`<link rel="canonical" href="${escapeHtml(canonical)}" />`]
      : [meta('name', 'robots', 'noindex')]),
    meta('property', 'og:site_name', head.siteName),
    meta('property', 'og:type', head.ogType),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', canonical),
    ...(head.image ? [meta('property', 'og:image', publicUrl + head.image)] : []),
    meta('name', 'twitter:card', 'summary'),
  ];
  if (head.jsonLd) tags.push(`<script type="application/ld+json">${jsonForScript(head.jsonLd)}</script>`);
  return tags.join('\n    ');
}

/** sitemap.xml: the public pages and every active product. */
export function sitemapXml(products: readonly Product[], publicUrl: string): string {
  const entry = (path: string, lastmod?: Date) =>
    `  <url><loc>${escapeHtml(publicUrl + path)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''}</url>`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...PUBLIC_PAGES.map((path) => entry(path)),
    ...products.map((product) => entry(productPath(product.slug), product.updatedAt)),
    '</urlset>',
    '',
  ].join('\n');
}

/** robots.txt: everything public may be crawled; the admin panel, the customer's pages and the API may not. */
export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Disallow: /admin',
    'Disallow: /dashboard',
    'Disallow: /checkout',
    'Disallow: /verify',
    'Disallow: /auth',
    'Disallow: /graphql',
    'Disallow: /files/',
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}
