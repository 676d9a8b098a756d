import type { ApolloCache } from '@apollo/client';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { useMutation } from '@apollo/client/react';
import type { FieldError } from '../../../../../common/validation';
import { errorMessage } from '../../../apollo/errors';
import { graphql } from '../../../gql/admin';
import type { AdminKeyStockQuery as AdminKeyStockQueryResult } from '../../../gql/admin/graphql';
import { ADMIN_TEXTS } from '../adminTexts';

/** A product's licence keys by status; one query per keyed product shown (the counts are not live). */
export const AdminKeyStockQuery = graphql(/* GraphQL */ `
  query AdminKeyStock($productId: ID!) {
    adminKeyStock(productId: $productId) {
      available
      reserved
      delivered
      revoked
    }
  }
`);

export type KeyStockCounts = AdminKeyStockQueryResult['adminKeyStock'];

const ImportProductKeysMutation = graphql(/* GraphQL */ `
  mutation AdminImportProductKeys($productId: ID!, $file: Upload!) {
    importProductKeys(productId: $productId, file: $file) {
      added
      duplicates {
        count
        lines
      }
      alreadyInStock {
        count
      }
      repeated {
        count
      }
      invalid {
        count
        lines {
          line
          reason
        }
      }
      stock {
        available
        reserved
        delivered
        revoked
      }
    }
  }
`);

const PreviewProductKeysMutation = graphql(/* GraphQL */ `
  mutation AdminPreviewProductKeys($productId: ID!, $file: Upload!) {
    previewProductKeys(productId: $productId, file: $file) {
      lines
      toAdd
      alreadyInStock {
        count
        lines
      }
      repeated {
        count
        lines
      }
      invalid {
        count
      }
      inOtherProducts {
        count
        lines
      }
      alreadySold {
        count
        lines
      }
      otherFormat {
        count
        lines
      }
      otherProducts {
        id
        name
        lines
      }
    }
  }
`);

/** What an import of `file` would do (the server writes nothing): the dialog shows it before the admin imports. */
export function usePreviewProductKeys() {
  const [mutate, { loading }] = useMutation(PreviewProductKeysMutation);
  const preview = async (productId: string, file: File) => {
    const { data } = await mutate({ variables: { productId, file } });
    if (!data) throw new Error('No answer');
    return data.previewProductKeys;
  };
  return { preview, previewing: loading };
}

export type KeyImportPreview = Awaited<ReturnType<ReturnType<typeof usePreviewProductKeys>['preview']>>;

const RevokeProductKeyMutation = graphql(/* GraphQL */ `
  mutation AdminRevokeProductKey($productId: ID!, $key: String!) {
    revokeProductKey(productId: $productId, key: $key) {
      available
      reserved
      delivered
      revoked
    }
  }
`);

/** The counts a mutation answered with become the product's counts on screen (its row and its dialogs). */
function writeStock(cache: ApolloCache, productId: string, stock: KeyStockCounts | undefined): void {
  if (!stock) return;
  cache.writeQuery({ query: AdminKeyStockQuery, variables: { productId }, data: { adminKeyStock: stock } });
}

/**
 * Imports keys from a file: a file the admin chose, or the pasted text wrapped into one (`keys.txt`), since the
 * API's JSON body is limited to 100 KB and a paste may hold tens of thousands of keys.
 */
export function useImportProductKeys() {
  const [mutate, { loading }] = useMutation(ImportProductKeysMutation);
  const importKeys = async (productId: string, file: File) => {
    const { data } = await mutate({
      variables: { productId, file },
      update: (cache, { data: answer }) => writeStock(cache, productId, answer?.importProductKeys.stock),
    });
    if (!data) throw new Error('No answer');
    return data.importProductKeys;
  };
  return { importKeys, importing: loading };
}

export type KeyImportReport = Awaited<ReturnType<ReturnType<typeof useImportProductKeys>['importKeys']>>;

/** Takes an available key, given by its value, out of stock for good; resolves with the new counts. */
export function useRevokeProductKey() {
  const [mutate, { loading }] = useMutation(RevokeProductKeyMutation);
  const revoke = async (productId: string, key: string): Promise<KeyStockCounts> => {
    const { data } = await mutate({
      variables: { productId, key },
      update: (cache, { data: answer }) => writeStock(cache, productId, answer?.revokeProductKey),
    });
    if (!data) throw new Error('No answer');
    return data.revokeProductKey;
  };
  return { revoke, revoking: loading };
}

/**
 * A failed import or revocation as the dialogs show it: the server's field errors (BAD_USER_INPUT,
 * `extensions.fieldErrors`) by field, else one message for the whole form.
 */
export function dialogErrors(error: unknown, fallbackTitle: string): { fields: FieldError[]; form?: string } {
  const fields = CombinedGraphQLErrors.is(error)
    ? ((error.errors[0]?.extensions?.fieldErrors ?? []) as FieldError[])
    : [];
  return fields.length > 0
    ? { fields }
    : { fields, form: errorMessage(error, `${fallbackTitle}. ${ADMIN_TEXTS.tryAgain}`) };
}
