/**
 * The catalogue's filters (issue 31, item 7): category, search and sort live in the address (/products?category=
 * crypto_keys&q=litecoin&sort=price-desc), so a filtered list is a link to share, the server renders it, and Back
 * works. Pure, for the page and its tests.
 */
import { PRODUCT_CATEGORY_LABELS } from './labels';
import { PRODUCT_CATEGORIES } from './validation';

export const CATALOGUE_SORTS = {
  price: 'Price: low to high',
  'price-desc': 'Price: high to low',
  name: 'Name: A to Z',
} as const;

export type CatalogueSort = keyof typeof CATALOGUE_SORTS;
export type ProductCategory = (typeof PRODUCT_CATEGORIES)[number];

export interface CatalogueFilter {
  category: ProductCategory | null;
  /** The search as typed (trimmed); '' for none. */
  q: string;
  sort: CatalogueSort;
}

/** Longer searches are cut: a name or a feature is never longer. */
const MAX_QUERY = 100;

/** The filter an address asks for; unknown values fall back to everything, price ascending (the API's order). */
export function readFilter(params: URLSearchParams): CatalogueFilter {
  const category = params.get('category');
  const sort = params.get('sort');
  return {
    category: (PRODUCT_CATEGORIES as readonly string[]).includes(category ?? '') ? (category as ProductCategory) : null,
    q: (params.get('q') ?? '').trim().slice(0, MAX_QUERY),
    sort: sort && sort in CATALOGUE_SORTS ? (sort as CatalogueSort) : 'price',
  };
}

/** The address's query for a filter: only what differs from the default, in a fixed order. */
export function filterSearch(filter: CatalogueFilter): string {
  const params = new URLSearchParams();
  if (filter.category) params.set('category', filter.category);
  if (filter.q) params.set('q', filter.q);
  if (filter.sort !== 'price') params.set('sort', filter.sort);
  const text = params.toString();
  return text ? `?${text}` : '';
}

export interface FilterableProduct {
  name: string;
  category: string;
  description: string;
  features: readonly string[];
  price: number;
}

/** Whether every word of the search is in the product's name, category, description or features (any case). */
function matches(product: FilterableProduct, q: string): boolean {
  if (!q) return true;
  const text = [product.name, PRODUCT_CATEGORY_LABELS[product.category] ?? product.category, product.description]
    .concat(product.features)
    .join(' ')
    .toLowerCase();
  return q
    .toLowerCase()
    .split(/\s+/)
    .every((word) => text.includes(word));
}

/** The products the filter keeps, in its order (ties keep the API's order: price, then as listed). */
export function applyFilter<P extends FilterableProduct>(products: readonly P[], filter: CatalogueFilter): P[] {
  const kept = products.filter(
    (product) => (!filter.category || product.category === filter.category) && matches(product, filter.q),
  );
  const order: Record<CatalogueSort, (a: P, b: P) => number> = {
    price: (a, b) => a.price - b.price,
    'price-desc': (a, b) => b.price - a.price,
    name: (a, b) => a.name.localeCompare(b.name, 'en'),
  };
  return kept.sort(order[filter.sort]);
}
