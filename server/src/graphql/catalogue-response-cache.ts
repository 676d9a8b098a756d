/**
 * Apollo plugin: answers catalogue-only queries (the /products and product pages) from responses
 * kept per catalogue version, so a repeat skips execution (measured: bench/, README "Performance").
 *
 * A query qualifies when every field of its document is a catalogue field (CATALOGUE_FIELDS): public
 * and the same for every caller (the only argument, `product`'s slug, is part of the key), so one
 * response serves everyone. Any other field, e.g. `me` next to `products`, makes the whole query
 * execute as usual. The GraphQL layer owns this cache; it is keyed by the catalogue version
 * (ProductService.catalogueVersion), so its responses are dropped exactly when the catalogue is: on any
 * product change (in this process or, through the 'products' notification, in another) and after its
 * maximum age.
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
import type express from 'express';
import { CatalogueVersioned, keepBounded } from '../catalogue/catalogue-version';
import { ProductService } from '../catalogue/product.service';
import { Service } from '../container';
import type { RequestContext } from './context';

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
    // How the product is delivered: the product page's delivery note (common/fulfilment-kinds deliveryPromise).
    'fulfilment',
    'priceTiers',
    'createdAt',
    'updatedAt',
  ]),
  PriceTierType: new Set(['minQuantity', 'unitPrice']),
};

/** Longer variables (no real slug is) are answered by execution and not kept. */
const MAX_VARIABLES_LENGTH = 512;

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

/** A catalogue-only response as kept: its data (no errors are kept). */
type KeptResponse = FormattedExecutionResult;

/**
 * The GraphQL layer's catalogue responses (by operation and variables, at most 500 per catalogue version), and the
 * Apollo plugin that answers from them.
 */
@Service()
export class CatalogueResponseCache {
  private readonly responses = new CatalogueVersioned(() => new Map<string, KeptResponse>());

  constructor(private readonly products: ProductService) {}

  /** The responses kept for the current catalogue (loading it if need be). */
  async current(): Promise<Map<string, KeptResponse>> {
    return this.responses.at(await this.products.catalogueVersion());
  }

  /**
   * The plugin. `onCatalogueAnswer` hears of every catalogue-only answer sent over HTTP, with the catalogue version it
   * was computed from: the HTTP layer may keep its bytes under that version (http/catalogue-hit-path.ts).
   */
  plugin(onCatalogueAnswer?: (res: express.Response, version: number) => void): ApolloServerPlugin<RequestContext> {
    return catalogueResponsePlugin(this.products, this.responses, onCatalogueAnswer);
  }
}

function catalogueResponsePlugin(
  products: ProductService,
  responses: CatalogueVersioned<Map<string, KeptResponse>>,
  onCatalogueAnswer: ((res: express.Response, version: number) => void) | undefined,
): ApolloServerPlugin<RequestContext> {
  // Apollo's document cache hands out the same DocumentNode for the same query text.
  const verdicts = new WeakMap<DocumentNode, boolean>();
  return {
    async requestDidStart() {
      let store: Map<string, KeptResponse> | null = null;
      let version = 0;
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
          // Taken before execution: a response is never kept under a catalogue version newer than its data.
          // A failed catalogue load is left to execution, which reports it like any resolver error.
          const current = await products.catalogueVersion().catch(() => null);
          if (current === null) return null;
          version = current;
          store = responses.at(version);
          key = `${queryHash}\n${operationName ?? ''}\n${variables}`;
          const cached = store.get(key);
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
          if (!hit) keepBounded(store, key, { data });
          // The HTTP layer may keep the bytes of this answer under the same version (catalogue-hit-path.ts).
          if (contextValue.res) onCatalogueAnswer?.(contextValue.res, version);
        },
      };
    },
  };
}
