import { graphql } from '../../../gql/admin';

export const AdminAuditEntryFragment = graphql(/* GraphQL */ `
  fragment AdminAuditEntry_entry on AuditEntry {
    id
    at
    actorEmail
    actorId
    actorRole
    apiKeyName
    action
    targetId
    ip
    change
  }
`);

export const AdminAuditLogQuery = graphql(/* GraphQL */ `
  query AdminAuditLog(
    $actor: String
    $action: String
    $from: DateTimeISO
    $to: DateTimeISO
    $first: Int
    $after: String
  ) {
    adminAuditLog(actor: $actor, action: $action, from: $from, to: $to, first: $first, after: $after) {
      totalCount
      pageInfo {
        endCursor
        hasNextPage
      }
      edges {
        node {
          id
          ...AdminAuditEntry_entry
        }
      }
    }
  }
`);
