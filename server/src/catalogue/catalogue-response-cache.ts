/**
 * Apollo plugin: answers catalogue-only queries (the /products and product pages) from responses
 * kept with the cached catalogue, so a repeat skips execution (measured: bench/, README "Performance").
 *
 * A query qualifies when every field of its document is a catalogue field (CATALOGUE_FIELDS): public
 * and the same for every caller (the only argument, `product`'s slug, is part of the key), so one
 * response serves everyone. Any other field, e.g. `me` next to `products`, makes the whole query
 * execute as usual. The responses live in ProductService's catalogue entry, so they are dropped
 * exactly when the catalogue is: on any product change (in this process or, through the 'products'
 * notification, in another) and after its maximum age.
 */
import { HeaderMap, type ApolloServerPlugin } from '@apollo/server';
import {
  getNamedType,
  TypeInfo,
  visit,
  visitWithTypeInfo,
  type DocumentNode,
  type FormattedExecutionResult,
  type GraphQLSchema,
} from 'graphql';
import type { RequestContext } from '../graphql/context';
import type { ProductService } from './product.service';

/**
 * Fields that read only the active catalogue and answer everyone alike, by type. Named one by one: a
 * field added later (say, one only admins may read) makes queries that select it execute, until it is
 * listed here.
 */
const CATALOGUE_FIELDS: Record<string, ReadonlySet<string>> = {
  Query: new Set(['products', 'product']),
  Product: new Set([
    'id',
    'slug',
    'name',
    'category',
    'description',
    'longDescription',
    'price',
    'inStock',
    // Counted with the catalogue and kept as fresh as `inStock`: a key import, and any reservation or release that
    // takes a product in or out of stock, drops it ('products' events); otherwise the count is at most 60 s old.
    'availableQuantity',
    'active',
    'features',
    'image',
    'minQuantity',
    'priceTiers',
    'createdAt',
    'updatedAt',
  ]),
  PriceTierType: new Set(['minQuantity', 'unitPrice']),
};

/**
 * Variables (a slug) are the caller's, so the store is bounded: at most this many responses, the
 * oldest dropped first, so made-up slugs cannot crowd out the pages people visit.
 */
const MAX_RESPONSES = 500;
/** Longer variables (no real slug is) are answered by execution and not kept. */
const MAX_VARIABLES_LENGTH = 512;

/** Keeps a response in a store of the catalogue's, dropping the oldest when it is full. */
export function keepResponse<T>(store: Map<string, T>, key: string, response: T): void {
  if (store.size >= MAX_RESPONSES) store.delete(store.keys().next().value!);
  store.set(key, response);
}

function isCatalogueOnly(schema: GraphQLSchema, document: DocumentNode): boolean {
  const typeInfo = new TypeInfo(schema);
  let catalogueOnly = true;
  visit(
    document,
    visitWithTypeInfo(typeInfo, {
      Field(node) {
        if (node.name.value === '__typename') return;
        const parent = typeInfo.getParentType();
        const allowed = parent ? CATALOGUE_FIELDS[getNamedType(parent).name] : undefined;
        if (!allowed?.has(node.name.value)) catalogueOnly = false;
      },
    }),
  );
  return catalogueOnly;
}

export function catalogueResponseCache(products: ProductService): ApolloServerPlugin<RequestContext> {
  // Apollo's document cache hands out the same DocumentNode for the same query text.
  const verdicts = new WeakMap<DocumentNode, boolean>();
  return {
    async requestDidStart() {
      let store: Map<string, unknown> | null = null;
      let key = '';
      let hit = false;
      return {
        async responseForOperation({ schema, document, operation, queryHash, operationName, request }) {
          // No operation (several and no name, or an unknown name): execution answers with its own error.
          if (operation?.operation !== 'query') return null;
          let catalogueOnly = verdicts.get(document);
          if (catalogueOnly === undefined) {
            catalogueOnly = isCatalogueOnly(schema, document);
            verdicts.set(document, catalogueOnly);
          }
          if (!catalogueOnly) return null;
          // Only the variables the operation declares: anything else a caller sends is ignored by
          // execution and must not make new keys.
          const variables = JSON.stringify(
            (operation.variableDefinitions ?? []).map(
              (definition) => request.variables?.[definition.variable.name.value] ?? null,
            ),
          );
          if (variables.length > MAX_VARIABLES_LENGTH) return null;
          // Taken before execution: a response is never kept in a catalogue newer than its data.
          // A failed catalogue load is left to execution, which reports it like any resolver error.
          store = await products.catalogueResponses().catch(() => null);
          if (!store) return null;
          key = `${queryHash}\n${operationName ?? ''}\n${variables}`;
          const cached = store.get(key) as FormattedExecutionResult | undefined;
          if (!cached) return null;
          hit = true;
          return {
            http: { status: undefined, headers: new HeaderMap() },
            body: { kind: 'single', singleResult: cached },
          };
        },
        async willSendResponse({ response, contextValue }) {
          if (!store || response.body.kind !== 'single') return;
          const { data, errors } = response.body.singleResult;
          if (!data || errors) return;
          if (!hit) keepResponse(store, key, { data });
          // The HTTP layer may keep the bytes of this answer with the same catalogue (catalogue-hit-path.ts).
          if (contextValue.res) contextValue.res.locals.catalogueResponses = store;
        },
      };
    },
  };
}
