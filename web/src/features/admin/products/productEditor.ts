import type { ApolloCache } from '@apollo/client';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { useMutation } from '@apollo/client/react';
import type { FieldError } from '../../../../../common/validation';
import { errorMessage } from '../../../apollo/errors';
import { graphql, type FragmentType } from '../../../gql/admin';
import type { Fulfilment, ProductInput } from '../../../gql/admin/graphql';
import { ADMIN_TEXTS } from '../adminTexts';

/** Everything the catalogue editor shows and sends back (ProductInput's fields, and the current image). */
export const ProductEditorFragment = graphql(/* GraphQL */ `
  fragment ProductEditor_product on Product {
    id
    name
    slug
    category
    description
    longDescription
    price
    priceTiers {
      minQuantity
      unitPrice
    }
    minQuantity
    features
    fulfilment
    active
    image
  }
`);

export const AdminProductsQuery = graphql(/* GraphQL */ `
  query AdminProducts {
    adminProducts {
      id
      name
      ...AdminProductRow_product
      ...ProductEditor_product
    }
  }
`);

const CreateProductMutation = graphql(/* GraphQL */ `
  mutation AdminCreateProduct($input: ProductInput!, $image: Upload) {
    createProduct(input: $input, image: $image) {
      id
      name
      ...AdminProductRow_product
      ...ProductEditor_product
    }
  }
`);

const UpdateProductMutation = graphql(/* GraphQL */ `
  mutation AdminUpdateProduct($id: ID!, $input: ProductInput!, $image: Upload) {
    updateProduct(id: $id, input: $input, image: $image) {
      id
      name
      ...AdminProductRow_product
      ...ProductEditor_product
    }
  }
`);

/** A product as the admin list holds it (with the fragments its rows and the editor open). */
export type ListedProduct = { id: string; name: string } & FragmentType<typeof ProductEditorFragment>;

/**
 * Adds a product the list does not have yet (just created here, or by another admin: `productChanged`), keeping the
 * list in name order; a product already listed is updated by the normalized cache alone.
 */
export function addToProductList(cache: ApolloCache, product: ListedProduct): void {
  cache.updateQuery({ query: AdminProductsQuery }, (current) => {
    if (!current || current.adminProducts.some((p) => p.id === product.id)) return undefined;
    const adminProducts = [...current.adminProducts, product as (typeof current.adminProducts)[number]].sort((a, b) =>
      a.name.localeCompare(b.name),
    );
    return { ...current, adminProducts };
  });
}

/** What a refused save says: the server's field errors (shown by their fields), or one message for the form. */
export interface SaveRefusal {
  fieldErrors: FieldError[];
  message: string;
}

export function saveRefusal(error: unknown): SaveRefusal {
  const fieldErrors = CombinedGraphQLErrors.is(error)
    ? ((error.errors[0]?.extensions?.fieldErrors ?? []) as FieldError[])
    : [];
  return { fieldErrors, message: errorMessage(error, `Could not save the product. ${ADMIN_TEXTS.tryAgain}`) };
}

/** Creates (no `id`) or updates a product, with an image file when one was chosen. */
export function useSaveProduct() {
  const [create, created] = useMutation(CreateProductMutation, {
    update: (cache, { data }) => {
      if (data?.createProduct) addToProductList(cache, data.createProduct);
    },
  });
  const [update, updated] = useMutation(UpdateProductMutation);
  const save = async (id: string | null, input: ProductInput & { fulfilment: Fulfilment }, image: File | null) => {
    const variables = { input, ...(image ? { image } : {}) };
    if (id) {
      const { data } = await update({ variables: { id, ...variables } });
      return data?.updateProduct ?? null;
    }
    const { data } = await create({ variables });
    return data?.createProduct ?? null;
  };
  return { save, saving: created.loading || updated.loading };
}
