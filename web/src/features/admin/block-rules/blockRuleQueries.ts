import { graphql } from '../../../gql/admin';

export const AdminBlockRuleFragment = graphql(/* GraphQL */ `
  fragment AdminBlockRule_rule on BlockRule {
    id
    kind
    value
    reason
    createdAt
    createdByEmail
  }
`);

export const AdminBlockRulesQuery = graphql(/* GraphQL */ `
  query AdminBlockRules {
    blockRules {
      id
      ...AdminBlockRule_rule
    }
  }
`);

export const AddBlockRuleMutation = graphql(/* GraphQL */ `
  mutation AdminAddBlockRule($kind: BlockRuleKind!, $value: String!, $reason: String) {
    addBlockRule(kind: $kind, value: $value, reason: $reason) {
      id
      ...AdminBlockRule_rule
    }
  }
`);

export const RemoveBlockRuleMutation = graphql(/* GraphQL */ `
  mutation AdminRemoveBlockRule($id: ID!) {
    removeBlockRule(id: $id)
  }
`);
