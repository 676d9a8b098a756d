import { graphql } from '../../../gql/admin';

/** What a row of the queue shows. */
export const AdminTicketRowFragment = graphql(/* GraphQL */ `
  fragment AdminTicketRow_ticket on SupportTicket {
    id
    title
    status
    priority
    category
    createdAt
    lastActivityAt
    replyDueAt
    overdue
    customer {
      fullName
      email
    }
  }
`);

/** What the ticket view shows: the row, the thread and the linked order. */
export const AdminTicketDetailFragment = graphql(/* GraphQL */ `
  fragment AdminTicketDetail_ticket on SupportTicket {
    id
    ...AdminTicketRow_ticket
    messages {
      id
      body
      fromStaff
      createdAt
    }
    order {
      id
      shortId
      status
      quantity
      totalPrice
      createdAt
      product {
        id
        name
      }
    }
  }
`);

export const AdminTicketsQuery = graphql(/* GraphQL */ `
  query AdminTickets(
    $status: TicketStatus
    $priority: TicketPriority
    $category: TicketCategory
    $first: Int
    $after: String
  ) {
    adminTickets(status: $status, priority: $priority, category: $category, first: $first, after: $after) {
      totalCount
      overdueCount
      pageInfo {
        endCursor
        hasNextPage
      }
      edges {
        node {
          id
          lastActivityAt
          ...AdminTicketRow_ticket
        }
      }
    }
  }
`);

/** The Tickets tab's label: the whole queue's overdue count. */
export const AdminTicketOverdueCountQuery = graphql(/* GraphQL */ `
  query AdminTicketOverdueCount {
    adminTickets(first: 1) {
      overdueCount
    }
  }
`);

export const AdminTicketQuery = graphql(/* GraphQL */ `
  query AdminTicket($id: ID!) {
    ticket(id: $id) {
      id
      ...AdminTicketDetail_ticket
    }
  }
`);

/** Every new ticket, reply and status change, with all the views need (the cache updates them by id). */
export const AdminTicketChangedSubscription = graphql(/* GraphQL */ `
  subscription AdminTicketChanged {
    adminTicketChanged {
      id
      lastActivityAt
      ...AdminTicketDetail_ticket
    }
  }
`);

export const AdminReplyToTicketMutation = graphql(/* GraphQL */ `
  mutation AdminReplyToTicket($id: ID!, $body: String!) {
    replyToTicket(ticketId: $id, body: $body) {
      id
      lastActivityAt
      ...AdminTicketDetail_ticket
    }
  }
`);

export const AdminSetTicketStatusMutation = graphql(/* GraphQL */ `
  mutation AdminSetTicketStatus($id: ID!, $status: TicketStatus!) {
    setTicketStatus(ticketId: $id, status: $status) {
      id
      lastActivityAt
      ...AdminTicketDetail_ticket
    }
  }
`);
