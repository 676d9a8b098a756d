import { graphql } from '../../../gql/admin';

export const AdminApiKeyFragment = graphql(/* GraphQL */ `
  fragment AdminApiKey_key on ApiKey {
    id
    name
    prefix
    permissions
    createdByEmail
    createdAt
    lastUsedAt
    revokedAt
  }
`);

export const AdminApiKeysQuery = graphql(/* GraphQL */ `
  query AdminApiKeys {
    apiKeys {
      id
      ...AdminApiKey_key
    }
  }
`);

export const CreateApiKeyMutation = graphql(/* GraphQL */ `
  mutation AdminCreateApiKey($name: String!, $permissions: [Permission!]!) {
    createApiKey(name: $name, permissions: $permissions) {
      secret
      apiKey {
        id
        ...AdminApiKey_key
      }
    }
  }
`);

export const RevokeApiKeyMutation = graphql(/* GraphQL */ `
  mutation AdminRevokeApiKey($id: ID!) {
    revokeApiKey(id: $id)
  }
`);
