/* eslint-disable */
import * as types from './graphql';
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';

/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "\n  query AdminDashboardViewer {\n    me {\n      id\n      email\n      isAdmin\n      staffRole\n      permissions\n      secondFactorSetupRequired\n    }\n  }\n": typeof types.AdminDashboardViewerDocument,
    "\n  query AdminLoginViewer {\n    me {\n      id\n      email\n      isAdmin\n    }\n  }\n": typeof types.AdminLoginViewerDocument,
    "\n  mutation AdminBeginTotp {\n    beginTotpEnrolment {\n      secret\n      otpauthUrl\n      qrSvg\n    }\n  }\n": typeof types.AdminBeginTotpDocument,
    "\n  mutation AdminConfirmTotp($code: String!) {\n    confirmTotpEnrolment(code: $code)\n  }\n": typeof types.AdminConfirmTotpDocument,
    "\n  mutation AdminBeginPasskeyRegistration {\n    beginPasskeyRegistration\n  }\n": typeof types.AdminBeginPasskeyRegistrationDocument,
    "\n  mutation AdminAddPasskey($name: String!, $response: String!) {\n    addPasskey(name: $name, response: $response) {\n      id\n    }\n  }\n": typeof types.AdminAddPasskeyDocument,
    "\n  query AdminStepUpFactors {\n    me {\n      id\n      totpEnabled\n      passkeys {\n        id\n      }\n    }\n  }\n": typeof types.AdminStepUpFactorsDocument,
    "\n  mutation AdminConfirmSecondFactor($code: String!) {\n    confirmSecondFactor(code: $code)\n  }\n": typeof types.AdminConfirmSecondFactorDocument,
    "\n  mutation AdminConfirmPassword($password: String!) {\n    confirmPassword(password: $password)\n  }\n": typeof types.AdminConfirmPasswordDocument,
    "\n  mutation AdminBeginPasskeyConfirmation {\n    beginPasskeyConfirmation\n  }\n": typeof types.AdminBeginPasskeyConfirmationDocument,
    "\n  mutation AdminConfirmSecondFactorWithPasskey($response: String!) {\n    confirmSecondFactorWithPasskey(response: $response)\n  }\n": typeof types.AdminConfirmSecondFactorWithPasskeyDocument,
    "\n  fragment AdminApiKey_key on ApiKey {\n    id\n    name\n    prefix\n    permissions\n    createdByEmail\n    createdAt\n    lastUsedAt\n    revokedAt\n  }\n": typeof types.AdminApiKey_KeyFragmentDoc,
    "\n  query AdminApiKeys {\n    apiKeys {\n      id\n      ...AdminApiKey_key\n    }\n  }\n": typeof types.AdminApiKeysDocument,
    "\n  mutation AdminCreateApiKey($name: String!, $permissions: [Permission!]!) {\n    createApiKey(name: $name, permissions: $permissions) {\n      secret\n      apiKey {\n        id\n        ...AdminApiKey_key\n      }\n    }\n  }\n": typeof types.AdminCreateApiKeyDocument,
    "\n  mutation AdminRevokeApiKey($id: ID!) {\n    revokeApiKey(id: $id)\n  }\n": typeof types.AdminRevokeApiKeyDocument,
    "\n  fragment AdminAuditEntry_entry on AuditEntry {\n    id\n    at\n    actorEmail\n    actorId\n    actorRole\n    apiKeyName\n    action\n    targetId\n    ip\n    change\n  }\n": typeof types.AdminAuditEntry_EntryFragmentDoc,
    "\n  query AdminAuditLog(\n    $actor: String\n    $action: String\n    $from: DateTimeISO\n    $to: DateTimeISO\n    $first: Int\n    $after: String\n  ) {\n    adminAuditLog(actor: $actor, action: $action, from: $from, to: $to, first: $first, after: $after) {\n      totalCount\n      pageInfo {\n        endCursor\n        hasNextPage\n      }\n      edges {\n        node {\n          id\n          ...AdminAuditEntry_entry\n        }\n      }\n    }\n  }\n": typeof types.AdminAuditLogDocument,
    "\n  fragment AdminBlockRule_rule on BlockRule {\n    id\n    kind\n    value\n    reason\n    createdAt\n    createdByEmail\n  }\n": typeof types.AdminBlockRule_RuleFragmentDoc,
    "\n  query AdminBlockRules {\n    blockRules {\n      id\n      ...AdminBlockRule_rule\n    }\n  }\n": typeof types.AdminBlockRulesDocument,
    "\n  mutation AdminAddBlockRule($kind: BlockRuleKind!, $value: String!, $reason: String) {\n    addBlockRule(kind: $kind, value: $value, reason: $reason) {\n      id\n      ...AdminBlockRule_rule\n    }\n  }\n": typeof types.AdminAddBlockRuleDocument,
    "\n  mutation AdminRemoveBlockRule($id: ID!) {\n    removeBlockRule(id: $id)\n  }\n": typeof types.AdminRemoveBlockRuleDocument,
    "\n  query AdminCustomer($userId: ID!) {\n    adminCustomer(userId: $userId) {\n      customer {\n        id\n        hasSecondFactor\n        ...AdminCustomerRow_customer\n      }\n      orders {\n        id\n        status\n        totalPrice\n        quantity\n        createdAt\n        product {\n          id\n          name\n        }\n      }\n      tickets {\n        id\n        title\n        status\n        createdAt\n      }\n    }\n  }\n": typeof types.AdminCustomerDocument,
    "\n  mutation AdminSetCustomerBlocked($userId: ID!, $blocked: Boolean!) {\n    setCustomerBlocked(userId: $userId, blocked: $blocked) {\n      id\n      ...AdminCustomerRow_customer\n    }\n  }\n": typeof types.AdminSetCustomerBlockedDocument,
    "\n  mutation AdminResetSecondFactors($userId: ID!) {\n    resetSecondFactors(userId: $userId)\n  }\n": typeof types.AdminResetSecondFactorsDocument,
    "\n  fragment AdminCustomerRow_customer on Customer {\n    id\n    fullName\n    email\n    createdAt\n    orderCount\n    totalPaid\n    openTickets\n    blocked\n    blockedAt\n    isAdmin\n    emailVerified\n  }\n": typeof types.AdminCustomerRow_CustomerFragmentDoc,
    "\n  query AdminCustomers($search: String, $first: Int, $after: String) {\n    adminCustomers(search: $search, first: $first, after: $after) {\n      totalCount\n      pageInfo {\n        endCursor\n        hasNextPage\n      }\n      edges {\n        node {\n          id\n          createdAt\n          ...AdminCustomerRow_customer\n        }\n      }\n    }\n  }\n": typeof types.AdminCustomersDocument,
    "\n  fragment AdminMarkPaidCheck_order on Order {\n    id\n    shortId\n    status\n    quantity\n    paymentMethod\n    paymentAmountCrypto\n    transactionId\n    paymentProofUrl\n    customer {\n      email\n    }\n    product {\n      id\n      fulfilment\n    }\n    payment {\n      amount\n      status\n    }\n  }\n": typeof types.AdminMarkPaidCheck_OrderFragmentDoc,
    "\n  fragment AdminOrderAudit_order on Order {\n    events {\n      id\n      fromStatus\n      toStatus\n      note\n      actorKind\n      actorEmail\n      reason\n      override\n      createdAt\n    }\n  }\n": typeof types.AdminOrderAudit_OrderFragmentDoc,
    "\n  query AdminOrderDetail($id: ID!) {\n    order(id: $id) {\n      id\n      contactEmail\n      cryptoAddress\n      unitPrice\n      updatedAt\n      paymentDueAt\n      quoteExpiresAt\n      amountDue\n      acceptedShortfall\n      product {\n        id\n        fulfilment\n      }\n      rate {\n        currency\n        usd\n        source\n      }\n      ...AdminOrderRow_order\n      ...AdminOrderAudit_order\n    }\n  }\n": typeof types.AdminOrderDetailDocument,
    "\n  fragment AdminOrderRow_order on Order {\n    id\n    shortId\n    createdAt\n    status\n    paymentOverdue\n    awaitingStock\n    quantity\n    totalPrice\n    paymentMethod\n    paymentAmountCrypto\n    transactionId\n    domainName\n    paymentProofUrl\n    paymentIssue\n    paymentIssueKind\n    payment {\n      txId\n      amount\n      confirmations\n      requiredConfirmations\n      status\n      explorerUrl\n    }\n    customer {\n      fullName\n      email\n    }\n    product {\n      id\n      name\n    }\n    ...AdminMarkPaidCheck_order\n  }\n": typeof types.AdminOrderRow_OrderFragmentDoc,
    "\n  query AdminOrders($status: OrderStatus, $awaitingReview: Boolean, $search: String, $first: Int, $after: String) {\n    adminOrders(status: $status, awaitingReview: $awaitingReview, search: $search, first: $first, after: $after) {\n      totalCount\n      pageInfo {\n        endCursor\n        hasNextPage\n      }\n      edges {\n        node {\n          id\n          status\n          paymentOverdue\n          createdAt\n          ...AdminOrderRow_order\n        }\n      }\n    }\n  }\n": typeof types.AdminOrdersDocument,
    "\n  subscription AdminOrderFeed {\n    adminOrderFeed {\n      ready\n      order {\n        id\n        status\n        paymentOverdue\n        createdAt\n        updatedAt\n        ...AdminOrderRow_order\n        ...AdminOrderAudit_order\n      }\n    }\n  }\n": typeof types.AdminOrderFeedDocument,
    "\n  query AdminPaymentProof($id: ID!) {\n    order(id: $id) {\n      id\n      shortId\n      paymentProofUrl\n    }\n  }\n": typeof types.AdminPaymentProofDocument,
    "\n  query AdminReorgedOrderKeys($id: ID!) {\n    order(id: $id) {\n      id\n      keysFileUrl\n      keys {\n        id\n        value\n      }\n    }\n  }\n": typeof types.AdminReorgedOrderKeysDocument,
    "\n  mutation AdminIssueCertificate($input: IssueCertificateInput!, $certificateFile: Upload, $chainFile: Upload) {\n    issueCertificate(input: $input, certificateFile: $certificateFile, chainFile: $chainFile) {\n      id\n      domainName\n    }\n  }\n": typeof types.AdminIssueCertificateDocument,
    "\n  mutation AdminSetOrderStatus($orderId: ID!, $status: OrderStatus!) {\n    setOrderStatus(orderId: $orderId, status: $status) {\n      id\n      status\n      updatedAt\n      ...AdminOrderAudit_order\n    }\n  }\n": typeof types.AdminSetOrderStatusDocument,
    "\n  fragment AdminOrderVersion_order on Order {\n    id\n    updatedAt\n  }\n": typeof types.AdminOrderVersion_OrderFragmentDoc,
    "\n  fragment AdminNotificationPreview_notification on Notification {\n    id\n    html\n    text\n    ...AdminNotificationRow_notification\n  }\n": typeof types.AdminNotificationPreview_NotificationFragmentDoc,
    "\n  fragment AdminNotificationRow_notification on Notification {\n    id\n    kind\n    to\n    subject\n    status\n    attempts\n    lastError\n    createdAt\n    sentAt\n    orderId\n  }\n": typeof types.AdminNotificationRow_NotificationFragmentDoc,
    "\n  query AdminNotifications($first: Int, $after: String) {\n    adminNotifications(first: $first, after: $after) {\n      totalCount\n      pageInfo {\n        endCursor\n        hasNextPage\n      }\n      edges {\n        node {\n          id\n          status\n          createdAt\n          ...AdminNotificationRow_notification\n          ...AdminNotificationPreview_notification\n        }\n      }\n    }\n  }\n": typeof types.AdminNotificationsDocument,
    "\n  mutation AdminResendNotification($id: ID!) {\n    resendNotification(id: $id) {\n      id\n      status\n      lastError\n      ...AdminNotificationRow_notification\n    }\n  }\n": typeof types.AdminResendNotificationDocument,
    "\n  query AdminAddressGaps {\n    addressGaps {\n      method\n      handedOut\n      lastUsedIndex\n      unusedInARow\n      gapLimit\n      overLimit\n    }\n  }\n": typeof types.AdminAddressGapsDocument,
    "\n  query AdminSalesReport($from: DateTimeISO!, $to: DateTimeISO!) {\n    adminSalesReport(from: $from, to: $to) {\n      from\n      to\n      totalRevenue\n      orderCount\n      byDay {\n        day\n        revenue\n        orders\n      }\n      byMethod {\n        method\n        revenue\n        orders\n      }\n      byProduct {\n        productId\n        name\n        revenue\n        orders\n        quantity\n      }\n      counters {\n        ordersAwaitingReview\n        overdueTickets\n        lowStock {\n          productId\n          name\n          available\n          threshold\n        }\n      }\n    }\n  }\n": typeof types.AdminSalesReportDocument,
    "\n  fragment AdminProductRow_product on Product {\n    id\n    name\n    slug\n    category\n    price\n    active\n    inStock\n    fulfilment\n    availableQuantity\n    minQuantity\n  }\n": typeof types.AdminProductRow_ProductFragmentDoc,
    "\n  subscription AdminProductChanged {\n    productChanged {\n      id\n      name\n      ...AdminProductRow_product\n      ...ProductEditor_product\n    }\n  }\n": typeof types.AdminProductChangedDocument,
    "\n  query AdminKeyStock($productId: ID!) {\n    adminKeyStock(productId: $productId) {\n      available\n      reserved\n      delivered\n      revoked\n    }\n  }\n": typeof types.AdminKeyStockDocument,
    "\n  mutation AdminImportProductKeys($productId: ID!, $file: Upload!) {\n    importProductKeys(productId: $productId, file: $file) {\n      added\n      duplicates {\n        count\n        lines\n      }\n      alreadyInStock {\n        count\n      }\n      repeated {\n        count\n      }\n      invalid {\n        count\n        lines {\n          line\n          reason\n        }\n      }\n      stock {\n        available\n        reserved\n        delivered\n        revoked\n      }\n    }\n  }\n": typeof types.AdminImportProductKeysDocument,
    "\n  mutation AdminPreviewProductKeys($productId: ID!, $file: Upload!) {\n    previewProductKeys(productId: $productId, file: $file) {\n      lines\n      toAdd\n      alreadyInStock {\n        count\n        lines\n      }\n      repeated {\n        count\n        lines\n      }\n      invalid {\n        count\n      }\n      inOtherProducts {\n        count\n        lines\n      }\n      alreadySold {\n        count\n        lines\n      }\n      otherFormat {\n        count\n        lines\n      }\n      otherProducts {\n        id\n        name\n        lines\n      }\n    }\n  }\n": typeof types.AdminPreviewProductKeysDocument,
    "\n  mutation AdminRevokeProductKey($productId: ID!, $key: String!) {\n    revokeProductKey(productId: $productId, key: $key) {\n      available\n      reserved\n      delivered\n      revoked\n    }\n  }\n": typeof types.AdminRevokeProductKeyDocument,
    "\n  fragment ProductEditor_product on Product {\n    id\n    name\n    slug\n    category\n    description\n    longDescription\n    price\n    priceTiers {\n      minQuantity\n      unitPrice\n    }\n    minQuantity\n    features\n    fulfilment\n    active\n    image\n  }\n": typeof types.ProductEditor_ProductFragmentDoc,
    "\n  query AdminProducts {\n    adminProducts {\n      id\n      name\n      ...AdminProductRow_product\n      ...ProductEditor_product\n    }\n  }\n": typeof types.AdminProductsDocument,
    "\n  mutation AdminCreateProduct($input: ProductInput!, $image: Upload) {\n    createProduct(input: $input, image: $image) {\n      id\n      name\n      ...AdminProductRow_product\n      ...ProductEditor_product\n    }\n  }\n": typeof types.AdminCreateProductDocument,
    "\n  mutation AdminUpdateProduct($id: ID!, $input: ProductInput!, $image: Upload) {\n    updateProduct(id: $id, input: $input, image: $image) {\n      id\n      name\n      ...AdminProductRow_product\n      ...ProductEditor_product\n    }\n  }\n": typeof types.AdminUpdateProductDocument,
    "\n  mutation AdminSetProductStock($productId: ID!, $inStock: Boolean!) {\n    setProductStock(productId: $productId, inStock: $inStock) {\n      id\n      inStock\n      updatedAt\n    }\n  }\n": typeof types.AdminSetProductStockDocument,
    "\n  query AdminRates {\n    adminRates {\n      currencies {\n        currency\n        rate {\n          usd\n          source\n          fetchedAt\n        }\n        unavailableReason\n        divergencePercent\n        methods\n      }\n      providers {\n        provider\n        currency\n        usd\n        error\n        answeredAt\n        ageSeconds\n        fresh\n        lastAcceptedUsd\n      }\n      settings {\n        providers\n        refreshSeconds\n        maxAgeSeconds\n        maxDivergencePercent\n        spreadPercent\n      }\n    }\n  }\n": typeof types.AdminRatesDocument,
    "\n  query AdminRatesWarning {\n    adminRates {\n      currencies {\n        currency\n        rate {\n          usd\n        }\n        unavailableReason\n        methods\n      }\n    }\n  }\n": typeof types.AdminRatesWarningDocument,
    "\n  query AdminOrderRefunds($id: ID!) {\n    order(id: $id) {\n      id\n      refunds {\n        id\n        status\n        amount\n        currency\n        reason\n        address\n        txId\n        problem\n      }\n      refundSuggestion {\n        amount\n        reason\n        available\n        leftOut\n      }\n    }\n  }\n": typeof types.AdminOrderRefundsDocument,
    "\n  mutation AdminOfferRefund($orderId: ID!, $amount: String!, $reason: String!) {\n    offerRefund(orderId: $orderId, amount: $amount, reason: $reason) {\n      id\n      status\n    }\n  }\n": typeof types.AdminOfferRefundDocument,
    "\n  query AdminRefundsToPay {\n    refundsToPay {\n      id\n      orderId\n      status\n      amount\n      currency\n      chainName\n      reason\n      address\n      txId\n      explorerUrl\n      confirmations\n      problem\n      customerEmail\n      claimedAt\n    }\n  }\n": typeof types.AdminRefundsToPayDocument,
    "\n  mutation AdminRecordRefundPayment($refundId: ID!, $txId: String!) {\n    recordRefundPayment(refundId: $refundId, txId: $txId) {\n      id\n      status\n      txId\n      explorerUrl\n      confirmations\n      problem\n    }\n  }\n": typeof types.AdminRecordRefundPaymentDocument,
    "\n  mutation AdminCancelRefund($refundId: ID!, $notPaid: Boolean!) {\n    cancelRefund(refundId: $refundId, notPaid: $notPaid) {\n      id\n      status\n    }\n  }\n": typeof types.AdminCancelRefundDocument,
    "\n  query AdminStoreSettings {\n    storeSettings {\n      storeName\n      supportEmail\n      supportPhone\n      supportHours\n      timeZone\n      termsText\n      refundText\n      privacyText\n      updatedAt\n    }\n  }\n": typeof types.AdminStoreSettingsDocument,
    "\n  mutation UpdateStoreSettings($input: StoreSettingsInput!) {\n    updateStoreSettings(input: $input) {\n      storeName\n      supportEmail\n      supportPhone\n      supportHours\n      timeZone\n      termsText\n      refundText\n      privacyText\n      updatedAt\n    }\n  }\n": typeof types.UpdateStoreSettingsDocument,
    "\n  fragment AdminStaffMember_member on StaffMember {\n    id\n    userId\n    email\n    fullName\n    role\n    status\n    since\n    expiresAt\n  }\n": typeof types.AdminStaffMember_MemberFragmentDoc,
    "\n  query AdminStaff {\n    staff {\n      id\n      ...AdminStaffMember_member\n    }\n  }\n": typeof types.AdminStaffDocument,
    "\n  mutation AdminInviteStaff($email: String!, $role: StaffRole!) {\n    inviteStaff(email: $email, role: $role) {\n      id\n      ...AdminStaffMember_member\n    }\n  }\n": typeof types.AdminInviteStaffDocument,
    "\n  mutation AdminSetStaffRole($id: ID!, $role: StaffRole) {\n    setStaffRole(userId: $id, role: $role) {\n      id\n      ...AdminStaffMember_member\n    }\n  }\n": typeof types.AdminSetStaffRoleDocument,
    "\n  fragment AdminTicketRow_ticket on SupportTicket {\n    id\n    title\n    status\n    priority\n    category\n    createdAt\n    lastActivityAt\n    replyDueAt\n    overdue\n    customer {\n      fullName\n      email\n    }\n  }\n": typeof types.AdminTicketRow_TicketFragmentDoc,
    "\n  fragment AdminTicketDetail_ticket on SupportTicket {\n    id\n    ...AdminTicketRow_ticket\n    messages {\n      id\n      body\n      fromStaff\n      createdAt\n    }\n    order {\n      id\n      shortId\n      status\n      quantity\n      totalPrice\n      createdAt\n      product {\n        id\n        name\n      }\n    }\n  }\n": typeof types.AdminTicketDetail_TicketFragmentDoc,
    "\n  query AdminTickets(\n    $status: TicketStatus\n    $priority: TicketPriority\n    $category: TicketCategory\n    $first: Int\n    $after: String\n  ) {\n    adminTickets(status: $status, priority: $priority, category: $category, first: $first, after: $after) {\n      totalCount\n      overdueCount\n      pageInfo {\n        endCursor\n        hasNextPage\n      }\n      edges {\n        node {\n          id\n          lastActivityAt\n          ...AdminTicketRow_ticket\n        }\n      }\n    }\n  }\n": typeof types.AdminTicketsDocument,
    "\n  query AdminTicketOverdueCount {\n    adminTickets(first: 1) {\n      overdueCount\n    }\n  }\n": typeof types.AdminTicketOverdueCountDocument,
    "\n  query AdminTicket($id: ID!) {\n    ticket(id: $id) {\n      id\n      ...AdminTicketDetail_ticket\n    }\n  }\n": typeof types.AdminTicketDocument,
    "\n  subscription AdminTicketChanged {\n    adminTicketChanged {\n      id\n      lastActivityAt\n      ...AdminTicketDetail_ticket\n    }\n  }\n": typeof types.AdminTicketChangedDocument,
    "\n  mutation AdminReplyToTicket($id: ID!, $body: String!) {\n    replyToTicket(ticketId: $id, body: $body) {\n      id\n      lastActivityAt\n      ...AdminTicketDetail_ticket\n    }\n  }\n": typeof types.AdminReplyToTicketDocument,
    "\n  mutation AdminSetTicketStatus($id: ID!, $status: TicketStatus!) {\n    setTicketStatus(ticketId: $id, status: $status) {\n      id\n      lastActivityAt\n      ...AdminTicketDetail_ticket\n    }\n  }\n": typeof types.AdminSetTicketStatusDocument,
    "\n  mutation AdminLoginSignIn($input: SignInInput!) {\n    signIn(input: $input) {\n      accessToken\n      expiresAt\n      secondFactorRequired\n      challenge\n      passkeyOptions\n      codeAccepted\n      viewer {\n        id\n        isAdmin\n      }\n    }\n  }\n": typeof types.AdminLoginSignInDocument,
    "\n  mutation AdminLoginCompleteSignIn($challenge: String!, $code: String!) {\n    completeSignIn(challenge: $challenge, code: $code) {\n      accessToken\n      expiresAt\n      viewer {\n        id\n        isAdmin\n      }\n    }\n  }\n": typeof types.AdminLoginCompleteSignInDocument,
    "\n  mutation AdminLoginCompleteSignInWithPasskey($challenge: String!, $response: String!) {\n    completeSignInWithPasskey(challenge: $challenge, response: $response) {\n      accessToken\n      expiresAt\n      viewer {\n        id\n        isAdmin\n      }\n    }\n  }\n": typeof types.AdminLoginCompleteSignInWithPasskeyDocument,
    "\n  mutation AdminLoginBeginPasskeySignIn {\n    beginPasskeySignIn\n  }\n": typeof types.AdminLoginBeginPasskeySignInDocument,
    "\n  mutation AdminLoginSignInWithPasskey($response: String!) {\n    signInWithPasskey(response: $response) {\n      accessToken\n      expiresAt\n      viewer {\n        id\n        isAdmin\n      }\n    }\n  }\n": typeof types.AdminLoginSignInWithPasskeyDocument,
    "\n  mutation AdminCreateWebhookEndpoint($input: WebhookEndpointInput!, $deliveries: Int!) {\n    createWebhookEndpoint(input: $input) {\n      secret\n      endpoint {\n        id\n        ...AdminWebhookEndpoint_endpoint\n      }\n    }\n  }\n": typeof types.AdminCreateWebhookEndpointDocument,
    "\n  mutation AdminDeleteWebhookEndpoint($id: ID!) {\n    deleteWebhookEndpoint(id: $id)\n  }\n": typeof types.AdminDeleteWebhookEndpointDocument,
    "\n  mutation AdminRedeliverWebhook($deliveryId: ID!) {\n    redeliverWebhook(deliveryId: $deliveryId) {\n      id\n      ...AdminWebhookDeliveryRow_delivery\n    }\n  }\n": typeof types.AdminRedeliverWebhookDocument,
    "\n  fragment AdminWebhookDeliveryRow_delivery on WebhookDelivery {\n    id\n    eventId\n    eventType\n    status\n    attempts\n    lastStatusCode\n    lastDurationMs\n    lastResponse\n    lastError\n    nextAttemptAt\n    createdAt\n    deliveredAt\n  }\n": typeof types.AdminWebhookDeliveryRow_DeliveryFragmentDoc,
    "\n  fragment AdminWebhookEndpoint_endpoint on WebhookEndpoint {\n    id\n    url\n    events\n    createdAt\n    deliveries(first: $deliveries) {\n      id\n      ...AdminWebhookDeliveryRow_delivery\n    }\n  }\n": typeof types.AdminWebhookEndpoint_EndpointFragmentDoc,
    "\n  query AdminWebhooks($deliveries: Int!) {\n    webhookEventTypes\n    webhookEndpoints {\n      id\n      ...AdminWebhookEndpoint_endpoint\n    }\n  }\n": typeof types.AdminWebhooksDocument,
};
const documents: Documents = {
    "\n  query AdminDashboardViewer {\n    me {\n      id\n      email\n      isAdmin\n      staffRole\n      permissions\n      secondFactorSetupRequired\n    }\n  }\n": types.AdminDashboardViewerDocument,
    "\n  query AdminLoginViewer {\n    me {\n      id\n      email\n      isAdmin\n    }\n  }\n": types.AdminLoginViewerDocument,
    "\n  mutation AdminBeginTotp {\n    beginTotpEnrolment {\n      secret\n      otpauthUrl\n      qrSvg\n    }\n  }\n": types.AdminBeginTotpDocument,
    "\n  mutation AdminConfirmTotp($code: String!) {\n    confirmTotpEnrolment(code: $code)\n  }\n": types.AdminConfirmTotpDocument,
    "\n  mutation AdminBeginPasskeyRegistration {\n    beginPasskeyRegistration\n  }\n": types.AdminBeginPasskeyRegistrationDocument,
    "\n  mutation AdminAddPasskey($name: String!, $response: String!) {\n    addPasskey(name: $name, response: $response) {\n      id\n    }\n  }\n": types.AdminAddPasskeyDocument,
    "\n  query AdminStepUpFactors {\n    me {\n      id\n      totpEnabled\n      passkeys {\n        id\n      }\n    }\n  }\n": types.AdminStepUpFactorsDocument,
    "\n  mutation AdminConfirmSecondFactor($code: String!) {\n    confirmSecondFactor(code: $code)\n  }\n": types.AdminConfirmSecondFactorDocument,
    "\n  mutation AdminConfirmPassword($password: String!) {\n    confirmPassword(password: $password)\n  }\n": types.AdminConfirmPasswordDocument,
    "\n  mutation AdminBeginPasskeyConfirmation {\n    beginPasskeyConfirmation\n  }\n": types.AdminBeginPasskeyConfirmationDocument,
    "\n  mutation AdminConfirmSecondFactorWithPasskey($response: String!) {\n    confirmSecondFactorWithPasskey(response: $response)\n  }\n": types.AdminConfirmSecondFactorWithPasskeyDocument,
    "\n  fragment AdminApiKey_key on ApiKey {\n    id\n    name\n    prefix\n    permissions\n    createdByEmail\n    createdAt\n    lastUsedAt\n    revokedAt\n  }\n": types.AdminApiKey_KeyFragmentDoc,
    "\n  query AdminApiKeys {\n    apiKeys {\n      id\n      ...AdminApiKey_key\n    }\n  }\n": types.AdminApiKeysDocument,
    "\n  mutation AdminCreateApiKey($name: String!, $permissions: [Permission!]!) {\n    createApiKey(name: $name, permissions: $permissions) {\n      secret\n      apiKey {\n        id\n        ...AdminApiKey_key\n      }\n    }\n  }\n": types.AdminCreateApiKeyDocument,
    "\n  mutation AdminRevokeApiKey($id: ID!) {\n    revokeApiKey(id: $id)\n  }\n": types.AdminRevokeApiKeyDocument,
    "\n  fragment AdminAuditEntry_entry on AuditEntry {\n    id\n    at\n    actorEmail\n    actorId\n    actorRole\n    apiKeyName\n    action\n    targetId\n    ip\n    change\n  }\n": types.AdminAuditEntry_EntryFragmentDoc,
    "\n  query AdminAuditLog(\n    $actor: String\n    $action: String\n    $from: DateTimeISO\n    $to: DateTimeISO\n    $first: Int\n    $after: String\n  ) {\n    adminAuditLog(actor: $actor, action: $action, from: $from, to: $to, first: $first, after: $after) {\n      totalCount\n      pageInfo {\n        endCursor\n        hasNextPage\n      }\n      edges {\n        node {\n          id\n          ...AdminAuditEntry_entry\n        }\n      }\n    }\n  }\n": types.AdminAuditLogDocument,
    "\n  fragment AdminBlockRule_rule on BlockRule {\n    id\n    kind\n    value\n    reason\n    createdAt\n    createdByEmail\n  }\n": types.AdminBlockRule_RuleFragmentDoc,
    "\n  query AdminBlockRules {\n    blockRules {\n      id\n      ...AdminBlockRule_rule\n    }\n  }\n": types.AdminBlockRulesDocument,
    "\n  mutation AdminAddBlockRule($kind: BlockRuleKind!, $value: String!, $reason: String) {\n    addBlockRule(kind: $kind, value: $value, reason: $reason) {\n      id\n      ...AdminBlockRule_rule\n    }\n  }\n": types.AdminAddBlockRuleDocument,
    "\n  mutation AdminRemoveBlockRule($id: ID!) {\n    removeBlockRule(id: $id)\n  }\n": types.AdminRemoveBlockRuleDocument,
    "\n  query AdminCustomer($userId: ID!) {\n    adminCustomer(userId: $userId) {\n      customer {\n        id\n        hasSecondFactor\n        ...AdminCustomerRow_customer\n      }\n      orders {\n        id\n        status\n        totalPrice\n        quantity\n        createdAt\n        product {\n          id\n          name\n        }\n      }\n      tickets {\n        id\n        title\n        status\n        createdAt\n      }\n    }\n  }\n": types.AdminCustomerDocument,
    "\n  mutation AdminSetCustomerBlocked($userId: ID!, $blocked: Boolean!) {\n    setCustomerBlocked(userId: $userId, blocked: $blocked) {\n      id\n      ...AdminCustomerRow_customer\n    }\n  }\n": types.AdminSetCustomerBlockedDocument,
    "\n  mutation AdminResetSecondFactors($userId: ID!) {\n    resetSecondFactors(userId: $userId)\n  }\n": types.AdminResetSecondFactorsDocument,
    "\n  fragment AdminCustomerRow_customer on Customer {\n    id\n    fullName\n    email\n    createdAt\n    orderCount\n    totalPaid\n    openTickets\n    blocked\n    blockedAt\n    isAdmin\n    emailVerified\n  }\n": types.AdminCustomerRow_CustomerFragmentDoc,
    "\n  query AdminCustomers($search: String, $first: Int, $after: String) {\n    adminCustomers(search: $search, first: $first, after: $after) {\n      totalCount\n      pageInfo {\n        endCursor\n        hasNextPage\n      }\n      edges {\n        node {\n          id\n          createdAt\n          ...AdminCustomerRow_customer\n        }\n      }\n    }\n  }\n": types.AdminCustomersDocument,
    "\n  fragment AdminMarkPaidCheck_order on Order {\n    id\n    shortId\n    status\n    quantity\n    paymentMethod\n    paymentAmountCrypto\n    transactionId\n    paymentProofUrl\n    customer {\n      email\n    }\n    product {\n      id\n      fulfilment\n    }\n    payment {\n      amount\n      status\n    }\n  }\n": types.AdminMarkPaidCheck_OrderFragmentDoc,
    "\n  fragment AdminOrderAudit_order on Order {\n    events {\n      id\n      fromStatus\n      toStatus\n      note\n      actorKind\n      actorEmail\n      reason\n      override\n      createdAt\n    }\n  }\n": types.AdminOrderAudit_OrderFragmentDoc,
    "\n  query AdminOrderDetail($id: ID!) {\n    order(id: $id) {\n      id\n      contactEmail\n      cryptoAddress\n      unitPrice\n      updatedAt\n      paymentDueAt\n      quoteExpiresAt\n      amountDue\n      acceptedShortfall\n      product {\n        id\n        fulfilment\n      }\n      rate {\n        currency\n        usd\n        source\n      }\n      ...AdminOrderRow_order\n      ...AdminOrderAudit_order\n    }\n  }\n": types.AdminOrderDetailDocument,
    "\n  fragment AdminOrderRow_order on Order {\n    id\n    shortId\n    createdAt\n    status\n    paymentOverdue\n    awaitingStock\n    quantity\n    totalPrice\n    paymentMethod\n    paymentAmountCrypto\n    transactionId\n    domainName\n    paymentProofUrl\n    paymentIssue\n    paymentIssueKind\n    payment {\n      txId\n      amount\n      confirmations\n      requiredConfirmations\n      status\n      explorerUrl\n    }\n    customer {\n      fullName\n      email\n    }\n    product {\n      id\n      name\n    }\n    ...AdminMarkPaidCheck_order\n  }\n": types.AdminOrderRow_OrderFragmentDoc,
    "\n  query AdminOrders($status: OrderStatus, $awaitingReview: Boolean, $search: String, $first: Int, $after: String) {\n    adminOrders(status: $status, awaitingReview: $awaitingReview, search: $search, first: $first, after: $after) {\n      totalCount\n      pageInfo {\n        endCursor\n        hasNextPage\n      }\n      edges {\n        node {\n          id\n          status\n          paymentOverdue\n          createdAt\n          ...AdminOrderRow_order\n        }\n      }\n    }\n  }\n": types.AdminOrdersDocument,
    "\n  subscription AdminOrderFeed {\n    adminOrderFeed {\n      ready\n      order {\n        id\n        status\n        paymentOverdue\n        createdAt\n        updatedAt\n        ...AdminOrderRow_order\n        ...AdminOrderAudit_order\n      }\n    }\n  }\n": types.AdminOrderFeedDocument,
    "\n  query AdminPaymentProof($id: ID!) {\n    order(id: $id) {\n      id\n      shortId\n      paymentProofUrl\n    }\n  }\n": types.AdminPaymentProofDocument,
    "\n  query AdminReorgedOrderKeys($id: ID!) {\n    order(id: $id) {\n      id\n      keysFileUrl\n      keys {\n        id\n        value\n      }\n    }\n  }\n": types.AdminReorgedOrderKeysDocument,
    "\n  mutation AdminIssueCertificate($input: IssueCertificateInput!, $certificateFile: Upload, $chainFile: Upload) {\n    issueCertificate(input: $input, certificateFile: $certificateFile, chainFile: $chainFile) {\n      id\n      domainName\n    }\n  }\n": types.AdminIssueCertificateDocument,
    "\n  mutation AdminSetOrderStatus($orderId: ID!, $status: OrderStatus!) {\n    setOrderStatus(orderId: $orderId, status: $status) {\n      id\n      status\n      updatedAt\n      ...AdminOrderAudit_order\n    }\n  }\n": types.AdminSetOrderStatusDocument,
    "\n  fragment AdminOrderVersion_order on Order {\n    id\n    updatedAt\n  }\n": types.AdminOrderVersion_OrderFragmentDoc,
    "\n  fragment AdminNotificationPreview_notification on Notification {\n    id\n    html\n    text\n    ...AdminNotificationRow_notification\n  }\n": types.AdminNotificationPreview_NotificationFragmentDoc,
    "\n  fragment AdminNotificationRow_notification on Notification {\n    id\n    kind\n    to\n    subject\n    status\n    attempts\n    lastError\n    createdAt\n    sentAt\n    orderId\n  }\n": types.AdminNotificationRow_NotificationFragmentDoc,
    "\n  query AdminNotifications($first: Int, $after: String) {\n    adminNotifications(first: $first, after: $after) {\n      totalCount\n      pageInfo {\n        endCursor\n        hasNextPage\n      }\n      edges {\n        node {\n          id\n          status\n          createdAt\n          ...AdminNotificationRow_notification\n          ...AdminNotificationPreview_notification\n        }\n      }\n    }\n  }\n": types.AdminNotificationsDocument,
    "\n  mutation AdminResendNotification($id: ID!) {\n    resendNotification(id: $id) {\n      id\n      status\n      lastError\n      ...AdminNotificationRow_notification\n    }\n  }\n": types.AdminResendNotificationDocument,
    "\n  query AdminAddressGaps {\n    addressGaps {\n      method\n      handedOut\n      lastUsedIndex\n      unusedInARow\n      gapLimit\n      overLimit\n    }\n  }\n": types.AdminAddressGapsDocument,
    "\n  query AdminSalesReport($from: DateTimeISO!, $to: DateTimeISO!) {\n    adminSalesReport(from: $from, to: $to) {\n      from\n      to\n      totalRevenue\n      orderCount\n      byDay {\n        day\n        revenue\n        orders\n      }\n      byMethod {\n        method\n        revenue\n        orders\n      }\n      byProduct {\n        productId\n        name\n        revenue\n        orders\n        quantity\n      }\n      counters {\n        ordersAwaitingReview\n        overdueTickets\n        lowStock {\n          productId\n          name\n          available\n          threshold\n        }\n      }\n    }\n  }\n": types.AdminSalesReportDocument,
    "\n  fragment AdminProductRow_product on Product {\n    id\n    name\n    slug\n    category\n    price\n    active\n    inStock\n    fulfilment\n    availableQuantity\n    minQuantity\n  }\n": types.AdminProductRow_ProductFragmentDoc,
    "\n  subscription AdminProductChanged {\n    productChanged {\n      id\n      name\n      ...AdminProductRow_product\n      ...ProductEditor_product\n    }\n  }\n": types.AdminProductChangedDocument,
    "\n  query AdminKeyStock($productId: ID!) {\n    adminKeyStock(productId: $productId) {\n      available\n      reserved\n      delivered\n      revoked\n    }\n  }\n": types.AdminKeyStockDocument,
    "\n  mutation AdminImportProductKeys($productId: ID!, $file: Upload!) {\n    importProductKeys(productId: $productId, file: $file) {\n      added\n      duplicates {\n        count\n        lines\n      }\n      alreadyInStock {\n        count\n      }\n      repeated {\n        count\n      }\n      invalid {\n        count\n        lines {\n          line\n          reason\n        }\n      }\n      stock {\n        available\n        reserved\n        delivered\n        revoked\n      }\n    }\n  }\n": types.AdminImportProductKeysDocument,
    "\n  mutation AdminPreviewProductKeys($productId: ID!, $file: Upload!) {\n    previewProductKeys(productId: $productId, file: $file) {\n      lines\n      toAdd\n      alreadyInStock {\n        count\n        lines\n      }\n      repeated {\n        count\n        lines\n      }\n      invalid {\n        count\n      }\n      inOtherProducts {\n        count\n        lines\n      }\n      alreadySold {\n        count\n        lines\n      }\n      otherFormat {\n        count\n        lines\n      }\n      otherProducts {\n        id\n        name\n        lines\n      }\n    }\n  }\n": types.AdminPreviewProductKeysDocument,
    "\n  mutation AdminRevokeProductKey($productId: ID!, $key: String!) {\n    revokeProductKey(productId: $productId, key: $key) {\n      available\n      reserved\n      delivered\n      revoked\n    }\n  }\n": types.AdminRevokeProductKeyDocument,
    "\n  fragment ProductEditor_product on Product {\n    id\n    name\n    slug\n    category\n    description\n    longDescription\n    price\n    priceTiers {\n      minQuantity\n      unitPrice\n    }\n    minQuantity\n    features\n    fulfilment\n    active\n    image\n  }\n": types.ProductEditor_ProductFragmentDoc,
    "\n  query AdminProducts {\n    adminProducts {\n      id\n      name\n      ...AdminProductRow_product\n      ...ProductEditor_product\n    }\n  }\n": types.AdminProductsDocument,
    "\n  mutation AdminCreateProduct($input: ProductInput!, $image: Upload) {\n    createProduct(input: $input, image: $image) {\n      id\n      name\n      ...AdminProductRow_product\n      ...ProductEditor_product\n    }\n  }\n": types.AdminCreateProductDocument,
    "\n  mutation AdminUpdateProduct($id: ID!, $input: ProductInput!, $image: Upload) {\n    updateProduct(id: $id, input: $input, image: $image) {\n      id\n      name\n      ...AdminProductRow_product\n      ...ProductEditor_product\n    }\n  }\n": types.AdminUpdateProductDocument,
    "\n  mutation AdminSetProductStock($productId: ID!, $inStock: Boolean!) {\n    setProductStock(productId: $productId, inStock: $inStock) {\n      id\n      inStock\n      updatedAt\n    }\n  }\n": types.AdminSetProductStockDocument,
    "\n  query AdminRates {\n    adminRates {\n      currencies {\n        currency\n        rate {\n          usd\n          source\n          fetchedAt\n        }\n        unavailableReason\n        divergencePercent\n        methods\n      }\n      providers {\n        provider\n        currency\n        usd\n        error\n        answeredAt\n        ageSeconds\n        fresh\n        lastAcceptedUsd\n      }\n      settings {\n        providers\n        refreshSeconds\n        maxAgeSeconds\n        maxDivergencePercent\n        spreadPercent\n      }\n    }\n  }\n": types.AdminRatesDocument,
    "\n  query AdminRatesWarning {\n    adminRates {\n      currencies {\n        currency\n        rate {\n          usd\n        }\n        unavailableReason\n        methods\n      }\n    }\n  }\n": types.AdminRatesWarningDocument,
    "\n  query AdminOrderRefunds($id: ID!) {\n    order(id: $id) {\n      id\n      refunds {\n        id\n        status\n        amount\n        currency\n        reason\n        address\n        txId\n        problem\n      }\n      refundSuggestion {\n        amount\n        reason\n        available\n        leftOut\n      }\n    }\n  }\n": types.AdminOrderRefundsDocument,
    "\n  mutation AdminOfferRefund($orderId: ID!, $amount: String!, $reason: String!) {\n    offerRefund(orderId: $orderId, amount: $amount, reason: $reason) {\n      id\n      status\n    }\n  }\n": types.AdminOfferRefundDocument,
    "\n  query AdminRefundsToPay {\n    refundsToPay {\n      id\n      orderId\n      status\n      amount\n      currency\n      chainName\n      reason\n      address\n      txId\n      explorerUrl\n      confirmations\n      problem\n      customerEmail\n      claimedAt\n    }\n  }\n": types.AdminRefundsToPayDocument,
    "\n  mutation AdminRecordRefundPayment($refundId: ID!, $txId: String!) {\n    recordRefundPayment(refundId: $refundId, txId: $txId) {\n      id\n      status\n      txId\n      explorerUrl\n      confirmations\n      problem\n    }\n  }\n": types.AdminRecordRefundPaymentDocument,
    "\n  mutation AdminCancelRefund($refundId: ID!, $notPaid: Boolean!) {\n    cancelRefund(refundId: $refundId, notPaid: $notPaid) {\n      id\n      status\n    }\n  }\n": types.AdminCancelRefundDocument,
    "\n  query AdminStoreSettings {\n    storeSettings {\n      storeName\n      supportEmail\n      supportPhone\n      supportHours\n      timeZone\n      termsText\n      refundText\n      privacyText\n      updatedAt\n    }\n  }\n": types.AdminStoreSettingsDocument,
    "\n  mutation UpdateStoreSettings($input: StoreSettingsInput!) {\n    updateStoreSettings(input: $input) {\n      storeName\n      supportEmail\n      supportPhone\n      supportHours\n      timeZone\n      termsText\n      refundText\n      privacyText\n      updatedAt\n    }\n  }\n": types.UpdateStoreSettingsDocument,
    "\n  fragment AdminStaffMember_member on StaffMember {\n    id\n    userId\n    email\n    fullName\n    role\n    status\n    since\n    expiresAt\n  }\n": types.AdminStaffMember_MemberFragmentDoc,
    "\n  query AdminStaff {\n    staff {\n      id\n      ...AdminStaffMember_member\n    }\n  }\n": types.AdminStaffDocument,
    "\n  mutation AdminInviteStaff($email: String!, $role: StaffRole!) {\n    inviteStaff(email: $email, role: $role) {\n      id\n      ...AdminStaffMember_member\n    }\n  }\n": types.AdminInviteStaffDocument,
    "\n  mutation AdminSetStaffRole($id: ID!, $role: StaffRole) {\n    setStaffRole(userId: $id, role: $role) {\n      id\n      ...AdminStaffMember_member\n    }\n  }\n": types.AdminSetStaffRoleDocument,
    "\n  fragment AdminTicketRow_ticket on SupportTicket {\n    id\n    title\n    status\n    priority\n    category\n    createdAt\n    lastActivityAt\n    replyDueAt\n    overdue\n    customer {\n      fullName\n      email\n    }\n  }\n": types.AdminTicketRow_TicketFragmentDoc,
    "\n  fragment AdminTicketDetail_ticket on SupportTicket {\n    id\n    ...AdminTicketRow_ticket\n    messages {\n      id\n      body\n      fromStaff\n      createdAt\n    }\n    order {\n      id\n      shortId\n      status\n      quantity\n      totalPrice\n      createdAt\n      product {\n        id\n        name\n      }\n    }\n  }\n": types.AdminTicketDetail_TicketFragmentDoc,
    "\n  query AdminTickets(\n    $status: TicketStatus\n    $priority: TicketPriority\n    $category: TicketCategory\n    $first: Int\n    $after: String\n  ) {\n    adminTickets(status: $status, priority: $priority, category: $category, first: $first, after: $after) {\n      totalCount\n      overdueCount\n      pageInfo {\n        endCursor\n        hasNextPage\n      }\n      edges {\n        node {\n          id\n          lastActivityAt\n          ...AdminTicketRow_ticket\n        }\n      }\n    }\n  }\n": types.AdminTicketsDocument,
    "\n  query AdminTicketOverdueCount {\n    adminTickets(first: 1) {\n      overdueCount\n    }\n  }\n": types.AdminTicketOverdueCountDocument,
    "\n  query AdminTicket($id: ID!) {\n    ticket(id: $id) {\n      id\n      ...AdminTicketDetail_ticket\n    }\n  }\n": types.AdminTicketDocument,
    "\n  subscription AdminTicketChanged {\n    adminTicketChanged {\n      id\n      lastActivityAt\n      ...AdminTicketDetail_ticket\n    }\n  }\n": types.AdminTicketChangedDocument,
    "\n  mutation AdminReplyToTicket($id: ID!, $body: String!) {\n    replyToTicket(ticketId: $id, body: $body) {\n      id\n      lastActivityAt\n      ...AdminTicketDetail_ticket\n    }\n  }\n": types.AdminReplyToTicketDocument,
    "\n  mutation AdminSetTicketStatus($id: ID!, $status: TicketStatus!) {\n    setTicketStatus(ticketId: $id, status: $status) {\n      id\n      lastActivityAt\n      ...AdminTicketDetail_ticket\n    }\n  }\n": types.AdminSetTicketStatusDocument,
    "\n  mutation AdminLoginSignIn($input: SignInInput!) {\n    signIn(input: $input) {\n      accessToken\n      expiresAt\n      secondFactorRequired\n      challenge\n      passkeyOptions\n      codeAccepted\n      viewer {\n        id\n        isAdmin\n      }\n    }\n  }\n": types.AdminLoginSignInDocument,
    "\n  mutation AdminLoginCompleteSignIn($challenge: String!, $code: String!) {\n    completeSignIn(challenge: $challenge, code: $code) {\n      accessToken\n      expiresAt\n      viewer {\n        id\n        isAdmin\n      }\n    }\n  }\n": types.AdminLoginCompleteSignInDocument,
    "\n  mutation AdminLoginCompleteSignInWithPasskey($challenge: String!, $response: String!) {\n    completeSignInWithPasskey(challenge: $challenge, response: $response) {\n      accessToken\n      expiresAt\n      viewer {\n        id\n        isAdmin\n      }\n    }\n  }\n": types.AdminLoginCompleteSignInWithPasskeyDocument,
    "\n  mutation AdminLoginBeginPasskeySignIn {\n    beginPasskeySignIn\n  }\n": types.AdminLoginBeginPasskeySignInDocument,
    "\n  mutation AdminLoginSignInWithPasskey($response: String!) {\n    signInWithPasskey(response: $response) {\n      accessToken\n      expiresAt\n      viewer {\n        id\n        isAdmin\n      }\n    }\n  }\n": types.AdminLoginSignInWithPasskeyDocument,
    "\n  mutation AdminCreateWebhookEndpoint($input: WebhookEndpointInput!, $deliveries: Int!) {\n    createWebhookEndpoint(input: $input) {\n      secret\n      endpoint {\n        id\n        ...AdminWebhookEndpoint_endpoint\n      }\n    }\n  }\n": types.AdminCreateWebhookEndpointDocument,
    "\n  mutation AdminDeleteWebhookEndpoint($id: ID!) {\n    deleteWebhookEndpoint(id: $id)\n  }\n": types.AdminDeleteWebhookEndpointDocument,
    "\n  mutation AdminRedeliverWebhook($deliveryId: ID!) {\n    redeliverWebhook(deliveryId: $deliveryId) {\n      id\n      ...AdminWebhookDeliveryRow_delivery\n    }\n  }\n": types.AdminRedeliverWebhookDocument,
    "\n  fragment AdminWebhookDeliveryRow_delivery on WebhookDelivery {\n    id\n    eventId\n    eventType\n    status\n    attempts\n    lastStatusCode\n    lastDurationMs\n    lastResponse\n    lastError\n    nextAttemptAt\n    createdAt\n    deliveredAt\n  }\n": types.AdminWebhookDeliveryRow_DeliveryFragmentDoc,
    "\n  fragment AdminWebhookEndpoint_endpoint on WebhookEndpoint {\n    id\n    url\n    events\n    createdAt\n    deliveries(first: $deliveries) {\n      id\n      ...AdminWebhookDeliveryRow_delivery\n    }\n  }\n": types.AdminWebhookEndpoint_EndpointFragmentDoc,
    "\n  query AdminWebhooks($deliveries: Int!) {\n    webhookEventTypes\n    webhookEndpoints {\n      id\n      ...AdminWebhookEndpoint_endpoint\n    }\n  }\n": types.AdminWebhooksDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 *
 *
 * @example
 * ```ts
 * const query = graphql(`query GetUser($id: ID!) { user(id: $id) { name } }`);
 * ```
 *
 * The query argument is unknown!
 * Please regenerate the types.
 */
export function graphql(source: string): unknown;

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminDashboardViewer {\n    me {\n      id\n      email\n      isAdmin\n      staffRole\n      permissions\n      secondFactorSetupRequired\n    }\n  }\n"): (typeof documents)["\n  query AdminDashboardViewer {\n    me {\n      id\n      email\n      isAdmin\n      staffRole\n      permissions\n      secondFactorSetupRequired\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminLoginViewer {\n    me {\n      id\n      email\n      isAdmin\n    }\n  }\n"): (typeof documents)["\n  query AdminLoginViewer {\n    me {\n      id\n      email\n      isAdmin\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminBeginTotp {\n    beginTotpEnrolment {\n      secret\n      otpauthUrl\n      qrSvg\n    }\n  }\n"): (typeof documents)["\n  mutation AdminBeginTotp {\n    beginTotpEnrolment {\n      secret\n      otpauthUrl\n      qrSvg\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminConfirmTotp($code: String!) {\n    confirmTotpEnrolment(code: $code)\n  }\n"): (typeof documents)["\n  mutation AdminConfirmTotp($code: String!) {\n    confirmTotpEnrolment(code: $code)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminBeginPasskeyRegistration {\n    beginPasskeyRegistration\n  }\n"): (typeof documents)["\n  mutation AdminBeginPasskeyRegistration {\n    beginPasskeyRegistration\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminAddPasskey($name: String!, $response: String!) {\n    addPasskey(name: $name, response: $response) {\n      id\n    }\n  }\n"): (typeof documents)["\n  mutation AdminAddPasskey($name: String!, $response: String!) {\n    addPasskey(name: $name, response: $response) {\n      id\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminStepUpFactors {\n    me {\n      id\n      totpEnabled\n      passkeys {\n        id\n      }\n    }\n  }\n"): (typeof documents)["\n  query AdminStepUpFactors {\n    me {\n      id\n      totpEnabled\n      passkeys {\n        id\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminConfirmSecondFactor($code: String!) {\n    confirmSecondFactor(code: $code)\n  }\n"): (typeof documents)["\n  mutation AdminConfirmSecondFactor($code: String!) {\n    confirmSecondFactor(code: $code)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminConfirmPassword($password: String!) {\n    confirmPassword(password: $password)\n  }\n"): (typeof documents)["\n  mutation AdminConfirmPassword($password: String!) {\n    confirmPassword(password: $password)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminBeginPasskeyConfirmation {\n    beginPasskeyConfirmation\n  }\n"): (typeof documents)["\n  mutation AdminBeginPasskeyConfirmation {\n    beginPasskeyConfirmation\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminConfirmSecondFactorWithPasskey($response: String!) {\n    confirmSecondFactorWithPasskey(response: $response)\n  }\n"): (typeof documents)["\n  mutation AdminConfirmSecondFactorWithPasskey($response: String!) {\n    confirmSecondFactorWithPasskey(response: $response)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AdminApiKey_key on ApiKey {\n    id\n    name\n    prefix\n    permissions\n    createdByEmail\n    createdAt\n    lastUsedAt\n    revokedAt\n  }\n"): (typeof documents)["\n  fragment AdminApiKey_key on ApiKey {\n    id\n    name\n    prefix\n    permissions\n    createdByEmail\n    createdAt\n    lastUsedAt\n    revokedAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminApiKeys {\n    apiKeys {\n      id\n      ...AdminApiKey_key\n    }\n  }\n"): (typeof documents)["\n  query AdminApiKeys {\n    apiKeys {\n      id\n      ...AdminApiKey_key\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminCreateApiKey($name: String!, $permissions: [Permission!]!) {\n    createApiKey(name: $name, permissions: $permissions) {\n      secret\n      apiKey {\n        id\n        ...AdminApiKey_key\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation AdminCreateApiKey($name: String!, $permissions: [Permission!]!) {\n    createApiKey(name: $name, permissions: $permissions) {\n      secret\n      apiKey {\n        id\n        ...AdminApiKey_key\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminRevokeApiKey($id: ID!) {\n    revokeApiKey(id: $id)\n  }\n"): (typeof documents)["\n  mutation AdminRevokeApiKey($id: ID!) {\n    revokeApiKey(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AdminAuditEntry_entry on AuditEntry {\n    id\n    at\n    actorEmail\n    actorId\n    actorRole\n    apiKeyName\n    action\n    targetId\n    ip\n    change\n  }\n"): (typeof documents)["\n  fragment AdminAuditEntry_entry on AuditEntry {\n    id\n    at\n    actorEmail\n    actorId\n    actorRole\n    apiKeyName\n    action\n    targetId\n    ip\n    change\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminAuditLog(\n    $actor: String\n    $action: String\n    $from: DateTimeISO\n    $to: DateTimeISO\n    $first: Int\n    $after: String\n  ) {\n    adminAuditLog(actor: $actor, action: $action, from: $from, to: $to, first: $first, after: $after) {\n      totalCount\n      pageInfo {\n        endCursor\n        hasNextPage\n      }\n      edges {\n        node {\n          id\n          ...AdminAuditEntry_entry\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query AdminAuditLog(\n    $actor: String\n    $action: String\n    $from: DateTimeISO\n    $to: DateTimeISO\n    $first: Int\n    $after: String\n  ) {\n    adminAuditLog(actor: $actor, action: $action, from: $from, to: $to, first: $first, after: $after) {\n      totalCount\n      pageInfo {\n        endCursor\n        hasNextPage\n      }\n      edges {\n        node {\n          id\n          ...AdminAuditEntry_entry\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AdminBlockRule_rule on BlockRule {\n    id\n    kind\n    value\n    reason\n    createdAt\n    createdByEmail\n  }\n"): (typeof documents)["\n  fragment AdminBlockRule_rule on BlockRule {\n    id\n    kind\n    value\n    reason\n    createdAt\n    createdByEmail\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminBlockRules {\n    blockRules {\n      id\n      ...AdminBlockRule_rule\n    }\n  }\n"): (typeof documents)["\n  query AdminBlockRules {\n    blockRules {\n      id\n      ...AdminBlockRule_rule\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminAddBlockRule($kind: BlockRuleKind!, $value: String!, $reason: String) {\n    addBlockRule(kind: $kind, value: $value, reason: $reason) {\n      id\n      ...AdminBlockRule_rule\n    }\n  }\n"): (typeof documents)["\n  mutation AdminAddBlockRule($kind: BlockRuleKind!, $value: String!, $reason: String) {\n    addBlockRule(kind: $kind, value: $value, reason: $reason) {\n      id\n      ...AdminBlockRule_rule\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminRemoveBlockRule($id: ID!) {\n    removeBlockRule(id: $id)\n  }\n"): (typeof documents)["\n  mutation AdminRemoveBlockRule($id: ID!) {\n    removeBlockRule(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminCustomer($userId: ID!) {\n    adminCustomer(userId: $userId) {\n      customer {\n        id\n        hasSecondFactor\n        ...AdminCustomerRow_customer\n      }\n      orders {\n        id\n        status\n        totalPrice\n        quantity\n        createdAt\n        product {\n          id\n          name\n        }\n      }\n      tickets {\n        id\n        title\n        status\n        createdAt\n      }\n    }\n  }\n"): (typeof documents)["\n  query AdminCustomer($userId: ID!) {\n    adminCustomer(userId: $userId) {\n      customer {\n        id\n        hasSecondFactor\n        ...AdminCustomerRow_customer\n      }\n      orders {\n        id\n        status\n        totalPrice\n        quantity\n        createdAt\n        product {\n          id\n          name\n        }\n      }\n      tickets {\n        id\n        title\n        status\n        createdAt\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminSetCustomerBlocked($userId: ID!, $blocked: Boolean!) {\n    setCustomerBlocked(userId: $userId, blocked: $blocked) {\n      id\n      ...AdminCustomerRow_customer\n    }\n  }\n"): (typeof documents)["\n  mutation AdminSetCustomerBlocked($userId: ID!, $blocked: Boolean!) {\n    setCustomerBlocked(userId: $userId, blocked: $blocked) {\n      id\n      ...AdminCustomerRow_customer\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminResetSecondFactors($userId: ID!) {\n    resetSecondFactors(userId: $userId)\n  }\n"): (typeof documents)["\n  mutation AdminResetSecondFactors($userId: ID!) {\n    resetSecondFactors(userId: $userId)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AdminCustomerRow_customer on Customer {\n    id\n    fullName\n    email\n    createdAt\n    orderCount\n    totalPaid\n    openTickets\n    blocked\n    blockedAt\n    isAdmin\n    emailVerified\n  }\n"): (typeof documents)["\n  fragment AdminCustomerRow_customer on Customer {\n    id\n    fullName\n    email\n    createdAt\n    orderCount\n    totalPaid\n    openTickets\n    blocked\n    blockedAt\n    isAdmin\n    emailVerified\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminCustomers($search: String, $first: Int, $after: String) {\n    adminCustomers(search: $search, first: $first, after: $after) {\n      totalCount\n      pageInfo {\n        endCursor\n        hasNextPage\n      }\n      edges {\n        node {\n          id\n          createdAt\n          ...AdminCustomerRow_customer\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query AdminCustomers($search: String, $first: Int, $after: String) {\n    adminCustomers(search: $search, first: $first, after: $after) {\n      totalCount\n      pageInfo {\n        endCursor\n        hasNextPage\n      }\n      edges {\n        node {\n          id\n          createdAt\n          ...AdminCustomerRow_customer\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AdminMarkPaidCheck_order on Order {\n    id\n    shortId\n    status\n    quantity\n    paymentMethod\n    paymentAmountCrypto\n    transactionId\n    paymentProofUrl\n    customer {\n      email\n    }\n    product {\n      id\n      fulfilment\n    }\n    payment {\n      amount\n      status\n    }\n  }\n"): (typeof documents)["\n  fragment AdminMarkPaidCheck_order on Order {\n    id\n    shortId\n    status\n    quantity\n    paymentMethod\n    paymentAmountCrypto\n    transactionId\n    paymentProofUrl\n    customer {\n      email\n    }\n    product {\n      id\n      fulfilment\n    }\n    payment {\n      amount\n      status\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AdminOrderAudit_order on Order {\n    events {\n      id\n      fromStatus\n      toStatus\n      note\n      actorKind\n      actorEmail\n      reason\n      override\n      createdAt\n    }\n  }\n"): (typeof documents)["\n  fragment AdminOrderAudit_order on Order {\n    events {\n      id\n      fromStatus\n      toStatus\n      note\n      actorKind\n      actorEmail\n      reason\n      override\n      createdAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminOrderDetail($id: ID!) {\n    order(id: $id) {\n      id\n      contactEmail\n      cryptoAddress\n      unitPrice\n      updatedAt\n      paymentDueAt\n      quoteExpiresAt\n      amountDue\n      acceptedShortfall\n      product {\n        id\n        fulfilment\n      }\n      rate {\n        currency\n        usd\n        source\n      }\n      ...AdminOrderRow_order\n      ...AdminOrderAudit_order\n    }\n  }\n"): (typeof documents)["\n  query AdminOrderDetail($id: ID!) {\n    order(id: $id) {\n      id\n      contactEmail\n      cryptoAddress\n      unitPrice\n      updatedAt\n      paymentDueAt\n      quoteExpiresAt\n      amountDue\n      acceptedShortfall\n      product {\n        id\n        fulfilment\n      }\n      rate {\n        currency\n        usd\n        source\n      }\n      ...AdminOrderRow_order\n      ...AdminOrderAudit_order\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AdminOrderRow_order on Order {\n    id\n    shortId\n    createdAt\n    status\n    paymentOverdue\n    awaitingStock\n    quantity\n    totalPrice\n    paymentMethod\n    paymentAmountCrypto\n    transactionId\n    domainName\n    paymentProofUrl\n    paymentIssue\n    paymentIssueKind\n    payment {\n      txId\n      amount\n      confirmations\n      requiredConfirmations\n      status\n      explorerUrl\n    }\n    customer {\n      fullName\n      email\n    }\n    product {\n      id\n      name\n    }\n    ...AdminMarkPaidCheck_order\n  }\n"): (typeof documents)["\n  fragment AdminOrderRow_order on Order {\n    id\n    shortId\n    createdAt\n    status\n    paymentOverdue\n    awaitingStock\n    quantity\n    totalPrice\n    paymentMethod\n    paymentAmountCrypto\n    transactionId\n    domainName\n    paymentProofUrl\n    paymentIssue\n    paymentIssueKind\n    payment {\n      txId\n      amount\n      confirmations\n      requiredConfirmations\n      status\n      explorerUrl\n    }\n    customer {\n      fullName\n      email\n    }\n    product {\n      id\n      name\n    }\n    ...AdminMarkPaidCheck_order\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminOrders($status: OrderStatus, $awaitingReview: Boolean, $search: String, $first: Int, $after: String) {\n    adminOrders(status: $status, awaitingReview: $awaitingReview, search: $search, first: $first, after: $after) {\n      totalCount\n      pageInfo {\n        endCursor\n        hasNextPage\n      }\n      edges {\n        node {\n          id\n          status\n          paymentOverdue\n          createdAt\n          ...AdminOrderRow_order\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query AdminOrders($status: OrderStatus, $awaitingReview: Boolean, $search: String, $first: Int, $after: String) {\n    adminOrders(status: $status, awaitingReview: $awaitingReview, search: $search, first: $first, after: $after) {\n      totalCount\n      pageInfo {\n        endCursor\n        hasNextPage\n      }\n      edges {\n        node {\n          id\n          status\n          paymentOverdue\n          createdAt\n          ...AdminOrderRow_order\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription AdminOrderFeed {\n    adminOrderFeed {\n      ready\n      order {\n        id\n        status\n        paymentOverdue\n        createdAt\n        updatedAt\n        ...AdminOrderRow_order\n        ...AdminOrderAudit_order\n      }\n    }\n  }\n"): (typeof documents)["\n  subscription AdminOrderFeed {\n    adminOrderFeed {\n      ready\n      order {\n        id\n        status\n        paymentOverdue\n        createdAt\n        updatedAt\n        ...AdminOrderRow_order\n        ...AdminOrderAudit_order\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminPaymentProof($id: ID!) {\n    order(id: $id) {\n      id\n      shortId\n      paymentProofUrl\n    }\n  }\n"): (typeof documents)["\n  query AdminPaymentProof($id: ID!) {\n    order(id: $id) {\n      id\n      shortId\n      paymentProofUrl\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminReorgedOrderKeys($id: ID!) {\n    order(id: $id) {\n      id\n      keysFileUrl\n      keys {\n        id\n        value\n      }\n    }\n  }\n"): (typeof documents)["\n  query AdminReorgedOrderKeys($id: ID!) {\n    order(id: $id) {\n      id\n      keysFileUrl\n      keys {\n        id\n        value\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminIssueCertificate($input: IssueCertificateInput!, $certificateFile: Upload, $chainFile: Upload) {\n    issueCertificate(input: $input, certificateFile: $certificateFile, chainFile: $chainFile) {\n      id\n      domainName\n    }\n  }\n"): (typeof documents)["\n  mutation AdminIssueCertificate($input: IssueCertificateInput!, $certificateFile: Upload, $chainFile: Upload) {\n    issueCertificate(input: $input, certificateFile: $certificateFile, chainFile: $chainFile) {\n      id\n      domainName\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminSetOrderStatus($orderId: ID!, $status: OrderStatus!) {\n    setOrderStatus(orderId: $orderId, status: $status) {\n      id\n      status\n      updatedAt\n      ...AdminOrderAudit_order\n    }\n  }\n"): (typeof documents)["\n  mutation AdminSetOrderStatus($orderId: ID!, $status: OrderStatus!) {\n    setOrderStatus(orderId: $orderId, status: $status) {\n      id\n      status\n      updatedAt\n      ...AdminOrderAudit_order\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AdminOrderVersion_order on Order {\n    id\n    updatedAt\n  }\n"): (typeof documents)["\n  fragment AdminOrderVersion_order on Order {\n    id\n    updatedAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AdminNotificationPreview_notification on Notification {\n    id\n    html\n    text\n    ...AdminNotificationRow_notification\n  }\n"): (typeof documents)["\n  fragment AdminNotificationPreview_notification on Notification {\n    id\n    html\n    text\n    ...AdminNotificationRow_notification\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AdminNotificationRow_notification on Notification {\n    id\n    kind\n    to\n    subject\n    status\n    attempts\n    lastError\n    createdAt\n    sentAt\n    orderId\n  }\n"): (typeof documents)["\n  fragment AdminNotificationRow_notification on Notification {\n    id\n    kind\n    to\n    subject\n    status\n    attempts\n    lastError\n    createdAt\n    sentAt\n    orderId\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminNotifications($first: Int, $after: String) {\n    adminNotifications(first: $first, after: $after) {\n      totalCount\n      pageInfo {\n        endCursor\n        hasNextPage\n      }\n      edges {\n        node {\n          id\n          status\n          createdAt\n          ...AdminNotificationRow_notification\n          ...AdminNotificationPreview_notification\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query AdminNotifications($first: Int, $after: String) {\n    adminNotifications(first: $first, after: $after) {\n      totalCount\n      pageInfo {\n        endCursor\n        hasNextPage\n      }\n      edges {\n        node {\n          id\n          status\n          createdAt\n          ...AdminNotificationRow_notification\n          ...AdminNotificationPreview_notification\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminResendNotification($id: ID!) {\n    resendNotification(id: $id) {\n      id\n      status\n      lastError\n      ...AdminNotificationRow_notification\n    }\n  }\n"): (typeof documents)["\n  mutation AdminResendNotification($id: ID!) {\n    resendNotification(id: $id) {\n      id\n      status\n      lastError\n      ...AdminNotificationRow_notification\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminAddressGaps {\n    addressGaps {\n      method\n      handedOut\n      lastUsedIndex\n      unusedInARow\n      gapLimit\n      overLimit\n    }\n  }\n"): (typeof documents)["\n  query AdminAddressGaps {\n    addressGaps {\n      method\n      handedOut\n      lastUsedIndex\n      unusedInARow\n      gapLimit\n      overLimit\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminSalesReport($from: DateTimeISO!, $to: DateTimeISO!) {\n    adminSalesReport(from: $from, to: $to) {\n      from\n      to\n      totalRevenue\n      orderCount\n      byDay {\n        day\n        revenue\n        orders\n      }\n      byMethod {\n        method\n        revenue\n        orders\n      }\n      byProduct {\n        productId\n        name\n        revenue\n        orders\n        quantity\n      }\n      counters {\n        ordersAwaitingReview\n        overdueTickets\n        lowStock {\n          productId\n          name\n          available\n          threshold\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query AdminSalesReport($from: DateTimeISO!, $to: DateTimeISO!) {\n    adminSalesReport(from: $from, to: $to) {\n      from\n      to\n      totalRevenue\n      orderCount\n      byDay {\n        day\n        revenue\n        orders\n      }\n      byMethod {\n        method\n        revenue\n        orders\n      }\n      byProduct {\n        productId\n        name\n        revenue\n        orders\n        quantity\n      }\n      counters {\n        ordersAwaitingReview\n        overdueTickets\n        lowStock {\n          productId\n          name\n          available\n          threshold\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AdminProductRow_product on Product {\n    id\n    name\n    slug\n    category\n    price\n    active\n    inStock\n    fulfilment\n    availableQuantity\n    minQuantity\n  }\n"): (typeof documents)["\n  fragment AdminProductRow_product on Product {\n    id\n    name\n    slug\n    category\n    price\n    active\n    inStock\n    fulfilment\n    availableQuantity\n    minQuantity\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription AdminProductChanged {\n    productChanged {\n      id\n      name\n      ...AdminProductRow_product\n      ...ProductEditor_product\n    }\n  }\n"): (typeof documents)["\n  subscription AdminProductChanged {\n    productChanged {\n      id\n      name\n      ...AdminProductRow_product\n      ...ProductEditor_product\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminKeyStock($productId: ID!) {\n    adminKeyStock(productId: $productId) {\n      available\n      reserved\n      delivered\n      revoked\n    }\n  }\n"): (typeof documents)["\n  query AdminKeyStock($productId: ID!) {\n    adminKeyStock(productId: $productId) {\n      available\n      reserved\n      delivered\n      revoked\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminImportProductKeys($productId: ID!, $file: Upload!) {\n    importProductKeys(productId: $productId, file: $file) {\n      added\n      duplicates {\n        count\n        lines\n      }\n      alreadyInStock {\n        count\n      }\n      repeated {\n        count\n      }\n      invalid {\n        count\n        lines {\n          line\n          reason\n        }\n      }\n      stock {\n        available\n        reserved\n        delivered\n        revoked\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation AdminImportProductKeys($productId: ID!, $file: Upload!) {\n    importProductKeys(productId: $productId, file: $file) {\n      added\n      duplicates {\n        count\n        lines\n      }\n      alreadyInStock {\n        count\n      }\n      repeated {\n        count\n      }\n      invalid {\n        count\n        lines {\n          line\n          reason\n        }\n      }\n      stock {\n        available\n        reserved\n        delivered\n        revoked\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminPreviewProductKeys($productId: ID!, $file: Upload!) {\n    previewProductKeys(productId: $productId, file: $file) {\n      lines\n      toAdd\n      alreadyInStock {\n        count\n        lines\n      }\n      repeated {\n        count\n        lines\n      }\n      invalid {\n        count\n      }\n      inOtherProducts {\n        count\n        lines\n      }\n      alreadySold {\n        count\n        lines\n      }\n      otherFormat {\n        count\n        lines\n      }\n      otherProducts {\n        id\n        name\n        lines\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation AdminPreviewProductKeys($productId: ID!, $file: Upload!) {\n    previewProductKeys(productId: $productId, file: $file) {\n      lines\n      toAdd\n      alreadyInStock {\n        count\n        lines\n      }\n      repeated {\n        count\n        lines\n      }\n      invalid {\n        count\n      }\n      inOtherProducts {\n        count\n        lines\n      }\n      alreadySold {\n        count\n        lines\n      }\n      otherFormat {\n        count\n        lines\n      }\n      otherProducts {\n        id\n        name\n        lines\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminRevokeProductKey($productId: ID!, $key: String!) {\n    revokeProductKey(productId: $productId, key: $key) {\n      available\n      reserved\n      delivered\n      revoked\n    }\n  }\n"): (typeof documents)["\n  mutation AdminRevokeProductKey($productId: ID!, $key: String!) {\n    revokeProductKey(productId: $productId, key: $key) {\n      available\n      reserved\n      delivered\n      revoked\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ProductEditor_product on Product {\n    id\n    name\n    slug\n    category\n    description\n    longDescription\n    price\n    priceTiers {\n      minQuantity\n      unitPrice\n    }\n    minQuantity\n    features\n    fulfilment\n    active\n    image\n  }\n"): (typeof documents)["\n  fragment ProductEditor_product on Product {\n    id\n    name\n    slug\n    category\n    description\n    longDescription\n    price\n    priceTiers {\n      minQuantity\n      unitPrice\n    }\n    minQuantity\n    features\n    fulfilment\n    active\n    image\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminProducts {\n    adminProducts {\n      id\n      name\n      ...AdminProductRow_product\n      ...ProductEditor_product\n    }\n  }\n"): (typeof documents)["\n  query AdminProducts {\n    adminProducts {\n      id\n      name\n      ...AdminProductRow_product\n      ...ProductEditor_product\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminCreateProduct($input: ProductInput!, $image: Upload) {\n    createProduct(input: $input, image: $image) {\n      id\n      name\n      ...AdminProductRow_product\n      ...ProductEditor_product\n    }\n  }\n"): (typeof documents)["\n  mutation AdminCreateProduct($input: ProductInput!, $image: Upload) {\n    createProduct(input: $input, image: $image) {\n      id\n      name\n      ...AdminProductRow_product\n      ...ProductEditor_product\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminUpdateProduct($id: ID!, $input: ProductInput!, $image: Upload) {\n    updateProduct(id: $id, input: $input, image: $image) {\n      id\n      name\n      ...AdminProductRow_product\n      ...ProductEditor_product\n    }\n  }\n"): (typeof documents)["\n  mutation AdminUpdateProduct($id: ID!, $input: ProductInput!, $image: Upload) {\n    updateProduct(id: $id, input: $input, image: $image) {\n      id\n      name\n      ...AdminProductRow_product\n      ...ProductEditor_product\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminSetProductStock($productId: ID!, $inStock: Boolean!) {\n    setProductStock(productId: $productId, inStock: $inStock) {\n      id\n      inStock\n      updatedAt\n    }\n  }\n"): (typeof documents)["\n  mutation AdminSetProductStock($productId: ID!, $inStock: Boolean!) {\n    setProductStock(productId: $productId, inStock: $inStock) {\n      id\n      inStock\n      updatedAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminRates {\n    adminRates {\n      currencies {\n        currency\n        rate {\n          usd\n          source\n          fetchedAt\n        }\n        unavailableReason\n        divergencePercent\n        methods\n      }\n      providers {\n        provider\n        currency\n        usd\n        error\n        answeredAt\n        ageSeconds\n        fresh\n        lastAcceptedUsd\n      }\n      settings {\n        providers\n        refreshSeconds\n        maxAgeSeconds\n        maxDivergencePercent\n        spreadPercent\n      }\n    }\n  }\n"): (typeof documents)["\n  query AdminRates {\n    adminRates {\n      currencies {\n        currency\n        rate {\n          usd\n          source\n          fetchedAt\n        }\n        unavailableReason\n        divergencePercent\n        methods\n      }\n      providers {\n        provider\n        currency\n        usd\n        error\n        answeredAt\n        ageSeconds\n        fresh\n        lastAcceptedUsd\n      }\n      settings {\n        providers\n        refreshSeconds\n        maxAgeSeconds\n        maxDivergencePercent\n        spreadPercent\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminRatesWarning {\n    adminRates {\n      currencies {\n        currency\n        rate {\n          usd\n        }\n        unavailableReason\n        methods\n      }\n    }\n  }\n"): (typeof documents)["\n  query AdminRatesWarning {\n    adminRates {\n      currencies {\n        currency\n        rate {\n          usd\n        }\n        unavailableReason\n        methods\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminOrderRefunds($id: ID!) {\n    order(id: $id) {\n      id\n      refunds {\n        id\n        status\n        amount\n        currency\n        reason\n        address\n        txId\n        problem\n      }\n      refundSuggestion {\n        amount\n        reason\n        available\n        leftOut\n      }\n    }\n  }\n"): (typeof documents)["\n  query AdminOrderRefunds($id: ID!) {\n    order(id: $id) {\n      id\n      refunds {\n        id\n        status\n        amount\n        currency\n        reason\n        address\n        txId\n        problem\n      }\n      refundSuggestion {\n        amount\n        reason\n        available\n        leftOut\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminOfferRefund($orderId: ID!, $amount: String!, $reason: String!) {\n    offerRefund(orderId: $orderId, amount: $amount, reason: $reason) {\n      id\n      status\n    }\n  }\n"): (typeof documents)["\n  mutation AdminOfferRefund($orderId: ID!, $amount: String!, $reason: String!) {\n    offerRefund(orderId: $orderId, amount: $amount, reason: $reason) {\n      id\n      status\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminRefundsToPay {\n    refundsToPay {\n      id\n      orderId\n      status\n      amount\n      currency\n      chainName\n      reason\n      address\n      txId\n      explorerUrl\n      confirmations\n      problem\n      customerEmail\n      claimedAt\n    }\n  }\n"): (typeof documents)["\n  query AdminRefundsToPay {\n    refundsToPay {\n      id\n      orderId\n      status\n      amount\n      currency\n      chainName\n      reason\n      address\n      txId\n      explorerUrl\n      confirmations\n      problem\n      customerEmail\n      claimedAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminRecordRefundPayment($refundId: ID!, $txId: String!) {\n    recordRefundPayment(refundId: $refundId, txId: $txId) {\n      id\n      status\n      txId\n      explorerUrl\n      confirmations\n      problem\n    }\n  }\n"): (typeof documents)["\n  mutation AdminRecordRefundPayment($refundId: ID!, $txId: String!) {\n    recordRefundPayment(refundId: $refundId, txId: $txId) {\n      id\n      status\n      txId\n      explorerUrl\n      confirmations\n      problem\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminCancelRefund($refundId: ID!, $notPaid: Boolean!) {\n    cancelRefund(refundId: $refundId, notPaid: $notPaid) {\n      id\n      status\n    }\n  }\n"): (typeof documents)["\n  mutation AdminCancelRefund($refundId: ID!, $notPaid: Boolean!) {\n    cancelRefund(refundId: $refundId, notPaid: $notPaid) {\n      id\n      status\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminStoreSettings {\n    storeSettings {\n      storeName\n      supportEmail\n      supportPhone\n      supportHours\n      timeZone\n      termsText\n      refundText\n      privacyText\n      updatedAt\n    }\n  }\n"): (typeof documents)["\n  query AdminStoreSettings {\n    storeSettings {\n      storeName\n      supportEmail\n      supportPhone\n      supportHours\n      timeZone\n      termsText\n      refundText\n      privacyText\n      updatedAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateStoreSettings($input: StoreSettingsInput!) {\n    updateStoreSettings(input: $input) {\n      storeName\n      supportEmail\n      supportPhone\n      supportHours\n      timeZone\n      termsText\n      refundText\n      privacyText\n      updatedAt\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateStoreSettings($input: StoreSettingsInput!) {\n    updateStoreSettings(input: $input) {\n      storeName\n      supportEmail\n      supportPhone\n      supportHours\n      timeZone\n      termsText\n      refundText\n      privacyText\n      updatedAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AdminStaffMember_member on StaffMember {\n    id\n    userId\n    email\n    fullName\n    role\n    status\n    since\n    expiresAt\n  }\n"): (typeof documents)["\n  fragment AdminStaffMember_member on StaffMember {\n    id\n    userId\n    email\n    fullName\n    role\n    status\n    since\n    expiresAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminStaff {\n    staff {\n      id\n      ...AdminStaffMember_member\n    }\n  }\n"): (typeof documents)["\n  query AdminStaff {\n    staff {\n      id\n      ...AdminStaffMember_member\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminInviteStaff($email: String!, $role: StaffRole!) {\n    inviteStaff(email: $email, role: $role) {\n      id\n      ...AdminStaffMember_member\n    }\n  }\n"): (typeof documents)["\n  mutation AdminInviteStaff($email: String!, $role: StaffRole!) {\n    inviteStaff(email: $email, role: $role) {\n      id\n      ...AdminStaffMember_member\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminSetStaffRole($id: ID!, $role: StaffRole) {\n    setStaffRole(userId: $id, role: $role) {\n      id\n      ...AdminStaffMember_member\n    }\n  }\n"): (typeof documents)["\n  mutation AdminSetStaffRole($id: ID!, $role: StaffRole) {\n    setStaffRole(userId: $id, role: $role) {\n      id\n      ...AdminStaffMember_member\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AdminTicketRow_ticket on SupportTicket {\n    id\n    title\n    status\n    priority\n    category\n    createdAt\n    lastActivityAt\n    replyDueAt\n    overdue\n    customer {\n      fullName\n      email\n    }\n  }\n"): (typeof documents)["\n  fragment AdminTicketRow_ticket on SupportTicket {\n    id\n    title\n    status\n    priority\n    category\n    createdAt\n    lastActivityAt\n    replyDueAt\n    overdue\n    customer {\n      fullName\n      email\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AdminTicketDetail_ticket on SupportTicket {\n    id\n    ...AdminTicketRow_ticket\n    messages {\n      id\n      body\n      fromStaff\n      createdAt\n    }\n    order {\n      id\n      shortId\n      status\n      quantity\n      totalPrice\n      createdAt\n      product {\n        id\n        name\n      }\n    }\n  }\n"): (typeof documents)["\n  fragment AdminTicketDetail_ticket on SupportTicket {\n    id\n    ...AdminTicketRow_ticket\n    messages {\n      id\n      body\n      fromStaff\n      createdAt\n    }\n    order {\n      id\n      shortId\n      status\n      quantity\n      totalPrice\n      createdAt\n      product {\n        id\n        name\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminTickets(\n    $status: TicketStatus\n    $priority: TicketPriority\n    $category: TicketCategory\n    $first: Int\n    $after: String\n  ) {\n    adminTickets(status: $status, priority: $priority, category: $category, first: $first, after: $after) {\n      totalCount\n      overdueCount\n      pageInfo {\n        endCursor\n        hasNextPage\n      }\n      edges {\n        node {\n          id\n          lastActivityAt\n          ...AdminTicketRow_ticket\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query AdminTickets(\n    $status: TicketStatus\n    $priority: TicketPriority\n    $category: TicketCategory\n    $first: Int\n    $after: String\n  ) {\n    adminTickets(status: $status, priority: $priority, category: $category, first: $first, after: $after) {\n      totalCount\n      overdueCount\n      pageInfo {\n        endCursor\n        hasNextPage\n      }\n      edges {\n        node {\n          id\n          lastActivityAt\n          ...AdminTicketRow_ticket\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminTicketOverdueCount {\n    adminTickets(first: 1) {\n      overdueCount\n    }\n  }\n"): (typeof documents)["\n  query AdminTicketOverdueCount {\n    adminTickets(first: 1) {\n      overdueCount\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminTicket($id: ID!) {\n    ticket(id: $id) {\n      id\n      ...AdminTicketDetail_ticket\n    }\n  }\n"): (typeof documents)["\n  query AdminTicket($id: ID!) {\n    ticket(id: $id) {\n      id\n      ...AdminTicketDetail_ticket\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription AdminTicketChanged {\n    adminTicketChanged {\n      id\n      lastActivityAt\n      ...AdminTicketDetail_ticket\n    }\n  }\n"): (typeof documents)["\n  subscription AdminTicketChanged {\n    adminTicketChanged {\n      id\n      lastActivityAt\n      ...AdminTicketDetail_ticket\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminReplyToTicket($id: ID!, $body: String!) {\n    replyToTicket(ticketId: $id, body: $body) {\n      id\n      lastActivityAt\n      ...AdminTicketDetail_ticket\n    }\n  }\n"): (typeof documents)["\n  mutation AdminReplyToTicket($id: ID!, $body: String!) {\n    replyToTicket(ticketId: $id, body: $body) {\n      id\n      lastActivityAt\n      ...AdminTicketDetail_ticket\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminSetTicketStatus($id: ID!, $status: TicketStatus!) {\n    setTicketStatus(ticketId: $id, status: $status) {\n      id\n      lastActivityAt\n      ...AdminTicketDetail_ticket\n    }\n  }\n"): (typeof documents)["\n  mutation AdminSetTicketStatus($id: ID!, $status: TicketStatus!) {\n    setTicketStatus(ticketId: $id, status: $status) {\n      id\n      lastActivityAt\n      ...AdminTicketDetail_ticket\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminLoginSignIn($input: SignInInput!) {\n    signIn(input: $input) {\n      accessToken\n      expiresAt\n      secondFactorRequired\n      challenge\n      passkeyOptions\n      codeAccepted\n      viewer {\n        id\n        isAdmin\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation AdminLoginSignIn($input: SignInInput!) {\n    signIn(input: $input) {\n      accessToken\n      expiresAt\n      secondFactorRequired\n      challenge\n      passkeyOptions\n      codeAccepted\n      viewer {\n        id\n        isAdmin\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminLoginCompleteSignIn($challenge: String!, $code: String!) {\n    completeSignIn(challenge: $challenge, code: $code) {\n      accessToken\n      expiresAt\n      viewer {\n        id\n        isAdmin\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation AdminLoginCompleteSignIn($challenge: String!, $code: String!) {\n    completeSignIn(challenge: $challenge, code: $code) {\n      accessToken\n      expiresAt\n      viewer {\n        id\n        isAdmin\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminLoginCompleteSignInWithPasskey($challenge: String!, $response: String!) {\n    completeSignInWithPasskey(challenge: $challenge, response: $response) {\n      accessToken\n      expiresAt\n      viewer {\n        id\n        isAdmin\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation AdminLoginCompleteSignInWithPasskey($challenge: String!, $response: String!) {\n    completeSignInWithPasskey(challenge: $challenge, response: $response) {\n      accessToken\n      expiresAt\n      viewer {\n        id\n        isAdmin\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminLoginBeginPasskeySignIn {\n    beginPasskeySignIn\n  }\n"): (typeof documents)["\n  mutation AdminLoginBeginPasskeySignIn {\n    beginPasskeySignIn\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminLoginSignInWithPasskey($response: String!) {\n    signInWithPasskey(response: $response) {\n      accessToken\n      expiresAt\n      viewer {\n        id\n        isAdmin\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation AdminLoginSignInWithPasskey($response: String!) {\n    signInWithPasskey(response: $response) {\n      accessToken\n      expiresAt\n      viewer {\n        id\n        isAdmin\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminCreateWebhookEndpoint($input: WebhookEndpointInput!, $deliveries: Int!) {\n    createWebhookEndpoint(input: $input) {\n      secret\n      endpoint {\n        id\n        ...AdminWebhookEndpoint_endpoint\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation AdminCreateWebhookEndpoint($input: WebhookEndpointInput!, $deliveries: Int!) {\n    createWebhookEndpoint(input: $input) {\n      secret\n      endpoint {\n        id\n        ...AdminWebhookEndpoint_endpoint\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminDeleteWebhookEndpoint($id: ID!) {\n    deleteWebhookEndpoint(id: $id)\n  }\n"): (typeof documents)["\n  mutation AdminDeleteWebhookEndpoint($id: ID!) {\n    deleteWebhookEndpoint(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminRedeliverWebhook($deliveryId: ID!) {\n    redeliverWebhook(deliveryId: $deliveryId) {\n      id\n      ...AdminWebhookDeliveryRow_delivery\n    }\n  }\n"): (typeof documents)["\n  mutation AdminRedeliverWebhook($deliveryId: ID!) {\n    redeliverWebhook(deliveryId: $deliveryId) {\n      id\n      ...AdminWebhookDeliveryRow_delivery\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AdminWebhookDeliveryRow_delivery on WebhookDelivery {\n    id\n    eventId\n    eventType\n    status\n    attempts\n    lastStatusCode\n    lastDurationMs\n    lastResponse\n    lastError\n    nextAttemptAt\n    createdAt\n    deliveredAt\n  }\n"): (typeof documents)["\n  fragment AdminWebhookDeliveryRow_delivery on WebhookDelivery {\n    id\n    eventId\n    eventType\n    status\n    attempts\n    lastStatusCode\n    lastDurationMs\n    lastResponse\n    lastError\n    nextAttemptAt\n    createdAt\n    deliveredAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AdminWebhookEndpoint_endpoint on WebhookEndpoint {\n    id\n    url\n    events\n    createdAt\n    deliveries(first: $deliveries) {\n      id\n      ...AdminWebhookDeliveryRow_delivery\n    }\n  }\n"): (typeof documents)["\n  fragment AdminWebhookEndpoint_endpoint on WebhookEndpoint {\n    id\n    url\n    events\n    createdAt\n    deliveries(first: $deliveries) {\n      id\n      ...AdminWebhookDeliveryRow_delivery\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminWebhooks($deliveries: Int!) {\n    webhookEventTypes\n    webhookEndpoints {\n      id\n      ...AdminWebhookEndpoint_endpoint\n    }\n  }\n"): (typeof documents)["\n  query AdminWebhooks($deliveries: Int!) {\n    webhookEventTypes\n    webhookEndpoints {\n      id\n      ...AdminWebhookEndpoint_endpoint\n    }\n  }\n"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;