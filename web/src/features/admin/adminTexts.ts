/**
 * The admin panel's toast texts: the spec's (docs/product.md "Messages") verbatim, plus the few the spec does not show
 * (certificate issuing), each typed once.
 */
export const ADMIN_TEXTS = {
  loginSuccess: { title: 'Login Successful', description: 'Welcome to the admin dashboard' },
  accessDenied: { title: 'Access Denied', description: "You don't have admin privileges" },
  loginFailed: 'Login Failed',
  fetchOrdersFailed: 'Failed to fetch orders',
  fetchProductsFailed: 'Failed to fetch products',
  statusUpdated: 'Order status updated successfully',
  statusUpdateFailed: 'Failed to update order status',
  markedInStock: 'Product marked as in stock',
  markedOutOfStock: 'Product marked as out of stock',
  stockUpdateFailed: 'Failed to update product stock status',
  keyImportFailed: 'Failed to import the keys',
  keyRevokeFailed: 'Failed to revoke the key',
  certificateIssued: 'Certificate issued',
  certificateIssueFailed: 'Failed to issue certificate',
  certificateDatesRequired: 'Please choose the issue and expiry dates',
  fetchNotificationsFailed: 'Failed to fetch the outbox',
  notificationQueued: 'Message queued',
  notificationNotSent: 'Message not sent',
  notificationResendFailed: 'Failed to resend the message',
  fetchWebhooksFailed: 'Failed to fetch webhooks',
  webhookAddFailed: 'Failed to add the endpoint',
  webhookDeleted: 'Endpoint deleted',
  webhookDeleteFailed: 'Failed to delete the endpoint',
  redeliveryQueued: 'Redelivery queued',
  redeliverFailed: 'Failed to redeliver',
  fetchBlockRulesFailed: 'Failed to fetch block rules',
  fetchRatesFailed: 'Failed to fetch exchange rates',
  blockRuleAdded: 'Block rule added',
  blockRuleAddFailed: 'Failed to add the rule',
  blockRuleRemoved: 'Block rule removed',
  blockRuleRemoveFailed: 'Failed to remove the rule',
  /** Fallback description when the failure carries no server message (network trouble). */
  tryAgain: 'Please check your connection and try again.',
} as const;
