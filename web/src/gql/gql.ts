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
    "\n  query CaptchaChallenge {\n    captchaChallenge\n  }\n": typeof types.CaptchaChallengeDocument,
    "\n  mutation AuthAcceptStaffInvitation($token: String!) {\n    acceptStaffInvitation(token: $token) {\n      id\n      role\n    }\n  }\n": typeof types.AuthAcceptStaffInvitationDocument,
    "\n  mutation AuthVerifyEmail($token: String!) {\n    verifyEmail(token: $token)\n  }\n": typeof types.AuthVerifyEmailDocument,
    "\n  mutation AuthConfirmEmailChange($token: String!) {\n    confirmEmailChange(token: $token)\n  }\n": typeof types.AuthConfirmEmailChangeDocument,
    "\n  mutation AuthRequestPasswordReset($email: String!) {\n    requestPasswordReset(email: $email)\n  }\n": typeof types.AuthRequestPasswordResetDocument,
    "\n  mutation AuthResetPassword($token: String!, $password: String!) {\n    resetPassword(token: $token, password: $password)\n  }\n": typeof types.AuthResetPasswordDocument,
    "\n  mutation AuthPageSignIn($input: SignInInput!) {\n    signIn(input: $input) {\n      accessToken\n      expiresAt\n      secondFactorRequired\n      challenge\n      passkeyOptions\n      codeAccepted\n    }\n  }\n": typeof types.AuthPageSignInDocument,
    "\n  mutation AuthPageCompleteSignInWithPasskey($challenge: String!, $response: String!) {\n    completeSignInWithPasskey(challenge: $challenge, response: $response) {\n      accessToken\n      expiresAt\n    }\n  }\n": typeof types.AuthPageCompleteSignInWithPasskeyDocument,
    "\n  mutation AuthPageBeginPasskeySignIn {\n    beginPasskeySignIn\n  }\n": typeof types.AuthPageBeginPasskeySignInDocument,
    "\n  mutation AuthPageSignInWithPasskey($response: String!) {\n    signInWithPasskey(response: $response) {\n      accessToken\n      expiresAt\n    }\n  }\n": typeof types.AuthPageSignInWithPasskeyDocument,
    "\n  mutation AuthPageCompleteSignIn($challenge: String!, $code: String!) {\n    completeSignIn(challenge: $challenge, code: $code) {\n      accessToken\n      expiresAt\n    }\n  }\n": typeof types.AuthPageCompleteSignInDocument,
    "\n  mutation AuthPageSignUp($input: SignUpInput!) {\n    signUp(input: $input) {\n      accessToken\n      expiresAt\n    }\n  }\n": typeof types.AuthPageSignUpDocument,
    "\n  fragment ProductCard_product on Product {\n    id\n    slug\n    name\n    category\n    description\n    price\n    inStock\n    availableQuantity\n    features\n    image\n    minQuantity\n    priceTiers {\n      minQuantity\n      unitPrice\n    }\n  }\n": typeof types.ProductCard_ProductFragmentDoc,
    "\n  query ProductDetailPage($slug: String!) {\n    product(slug: $slug) {\n      id\n      ...ProductDetails_product\n    }\n  }\n": typeof types.ProductDetailPageDocument,
    "\n  fragment ProductDetails_product on Product {\n    id\n    slug\n    name\n    category\n    description\n    longDescription\n    price\n    inStock\n    availableQuantity\n    features\n    image\n    minQuantity\n    fulfilment\n    priceTiers {\n      minQuantity\n      unitPrice\n    }\n  }\n": typeof types.ProductDetails_ProductFragmentDoc,
    "\n  query ProductsPage {\n    products {\n      id\n      ...ProductCard_product\n    }\n  }\n": typeof types.ProductsPageDocument,
    "\n  query CheckoutPage {\n    products {\n      id\n      slug\n      name\n      price\n      inStock\n      availableQuantity\n      minQuantity\n      fulfilment\n      priceTiers {\n        minQuantity\n        unitPrice\n      }\n    }\n    paymentMethods {\n      method\n      label\n      currency\n      address\n      qrSvg\n      usdRate\n      available\n      confirmedOnChain\n      requiredConfirmations\n    }\n    me {\n      id\n      email\n    }\n  }\n": typeof types.CheckoutPageDocument,
    "\n  mutation CheckoutHoldQuote($productId: ID!, $quantity: Int!, $paymentMethod: PaymentMethod!) {\n    holdQuote(productId: $productId, quantity: $quantity, paymentMethod: $paymentMethod) {\n      id\n      paymentMethod\n      quantity\n      totalPrice\n      paymentAmountCrypto\n      currency\n      cryptoAddress\n      paymentUri\n      paymentQrSvg\n      expiresAt\n      rate {\n        currency\n        usd\n        source\n        fetchedAt\n      }\n    }\n  }\n": typeof types.CheckoutHoldQuoteDocument,
    "\n  mutation CheckoutPlaceOrder($input: PlaceOrderInput!, $proof: Upload) {\n    placeOrder(input: $input, proof: $proof) {\n      id\n      status\n    }\n  }\n": typeof types.CheckoutPlaceOrderDocument,
    "\n  query DashboardPage {\n    me {\n      id\n      email\n      profile {\n        id\n        ...ProfileTab_profile\n      }\n      certificates {\n        id\n        status\n        ...CertificatesTab_certificate\n      }\n      orders {\n        id\n        status\n        createdAt\n        product {\n          id\n          fulfilment\n        }\n        ...OrdersTab_order\n        ...KeysTab_order\n      }\n      tickets {\n        id\n        status\n        ...TicketsTab_ticket\n      }\n    }\n  }\n": typeof types.DashboardPageDocument,
    "\n  query DashboardStepUpFactors {\n    me {\n      id\n      totpEnabled\n      passkeys {\n        id\n      }\n    }\n  }\n": typeof types.DashboardStepUpFactorsDocument,
    "\n  mutation DashboardConfirmSecondFactor($code: String!) {\n    confirmSecondFactor(code: $code)\n  }\n": typeof types.DashboardConfirmSecondFactorDocument,
    "\n  mutation DashboardConfirmPassword($password: String!) {\n    confirmPassword(password: $password)\n  }\n": typeof types.DashboardConfirmPasswordDocument,
    "\n  mutation DashboardBeginPasskeyConfirmation {\n    beginPasskeyConfirmation\n  }\n": typeof types.DashboardBeginPasskeyConfirmationDocument,
    "\n  mutation DashboardConfirmSecondFactorWithPasskey($response: String!) {\n    confirmSecondFactorWithPasskey(response: $response)\n  }\n": typeof types.DashboardConfirmSecondFactorWithPasskeyDocument,
    "\n  fragment CertificatesTab_certificate on Certificate {\n    id\n    domainName\n    productName\n    status\n    issuedAt\n    expiresAt\n    autoRenew\n    certificateFileUrl\n    chainFileUrl\n  }\n": typeof types.CertificatesTab_CertificateFragmentDoc,
    "\n  fragment KeysTab_order on Order {\n    id\n    shortId\n    createdAt\n    status\n    quantity\n    product {\n      id\n      name\n      fulfilment\n    }\n  }\n": typeof types.KeysTab_OrderFragmentDoc,
    "\n  fragment OrdersTab_order on Order {\n    id\n    shortId\n    createdAt\n    status\n    quantity\n    totalPrice\n    paymentMethod\n    domainName\n    paymentIssue\n    paymentIssueKind\n    payment {\n      status\n    }\n    product {\n      id\n      name\n      fulfilment\n    }\n  }\n": typeof types.OrdersTab_OrderFragmentDoc,
    "\n  fragment ProfileTab_profile on Profile {\n    id\n    email\n    fullName\n    companyName\n    phone\n  }\n": typeof types.ProfileTab_ProfileFragmentDoc,
    "\n  fragment DashboardTicketThread_ticket on SupportTicket {\n    id\n    title\n    status\n    lastActivityAt\n    order {\n      id\n      shortId\n      quantity\n      totalPrice\n      product {\n        id\n        name\n      }\n    }\n    messages {\n      id\n      body\n      fromStaff\n      createdAt\n    }\n  }\n": typeof types.DashboardTicketThread_TicketFragmentDoc,
    "\n  query DashboardTicket($id: ID!) {\n    ticket(id: $id) {\n      id\n      ...DashboardTicketThread_ticket\n    }\n  }\n": typeof types.DashboardTicketDocument,
    "\n  subscription DashboardTicketUpdated($id: ID!) {\n    ticketUpdated(ticketId: $id) {\n      id\n      ...DashboardTicketThread_ticket\n      ...TicketsTab_ticket\n    }\n  }\n": typeof types.DashboardTicketUpdatedDocument,
    "\n  mutation DashboardReplyToTicket($id: ID!, $body: String!) {\n    replyToTicket(ticketId: $id, body: $body) {\n      id\n      ...DashboardTicketThread_ticket\n      ...TicketsTab_ticket\n    }\n  }\n": typeof types.DashboardReplyToTicketDocument,
    "\n  fragment TicketsTab_ticket on SupportTicket {\n    id\n    title\n    description\n    category\n    createdAt\n    status\n    priority\n    lastActivityAt\n  }\n": typeof types.TicketsTab_TicketFragmentDoc,
    "\n  fragment OrderKeys_order on Order {\n    id\n    shortId\n    status\n    product {\n      id\n      name\n      fulfilment\n    }\n    keys {\n      id\n      value\n    }\n    keysFileUrl\n    downloadUrl\n  }\n": typeof types.OrderKeys_OrderFragmentDoc,
    "\n  query OrderKeys($id: ID!) {\n    order(id: $id) {\n      id\n      ...OrderKeys_order\n    }\n  }\n": typeof types.OrderKeysDocument,
    "\n  subscription OrderKeysUpdated($orderId: ID!) {\n    orderUpdated(orderId: $orderId) {\n      id\n      ...OrderKeys_order\n    }\n  }\n": typeof types.OrderKeysUpdatedDocument,
    "\n  query DashboardPasskeys {\n    me {\n      id\n      passkeys {\n        id\n        name\n        createdAt\n        lastUsedAt\n      }\n    }\n  }\n": typeof types.DashboardPasskeysDocument,
    "\n  mutation DashboardBeginPasskeyRegistration {\n    beginPasskeyRegistration\n  }\n": typeof types.DashboardBeginPasskeyRegistrationDocument,
    "\n  mutation DashboardAddPasskey($name: String!, $response: String!) {\n    addPasskey(name: $name, response: $response) {\n      id\n    }\n  }\n": typeof types.DashboardAddPasskeyDocument,
    "\n  mutation DashboardRemovePasskey($id: ID!) {\n    removePasskey(id: $id)\n  }\n": typeof types.DashboardRemovePasskeyDocument,
    "\n  query DashboardSecurity {\n    me {\n      id\n      email\n      emailVerified\n    }\n    mySessions {\n      id\n      createdAt\n      lastUsedAt\n      device\n      approximateIp\n      current\n    }\n  }\n": typeof types.DashboardSecurityDocument,
    "\n  mutation DashboardResendVerification {\n    resendVerificationEmail\n  }\n": typeof types.DashboardResendVerificationDocument,
    "\n  mutation DashboardChangePassword($currentPassword: String!, $newPassword: String!) {\n    changePassword(currentPassword: $currentPassword, newPassword: $newPassword)\n  }\n": typeof types.DashboardChangePasswordDocument,
    "\n  mutation DashboardRequestEmailChange($newEmail: String!, $password: String!) {\n    requestEmailChange(newEmail: $newEmail, password: $password)\n  }\n": typeof types.DashboardRequestEmailChangeDocument,
    "\n  mutation DashboardRevokeSession($id: ID!) {\n    revokeSession(id: $id)\n  }\n": typeof types.DashboardRevokeSessionDocument,
    "\n  mutation DashboardSignOutEverywhere {\n    signOutEverywhere\n  }\n": typeof types.DashboardSignOutEverywhereDocument,
    "\n  query DashboardTwoFactor {\n    me {\n      id\n      totpEnabled\n      recoveryCodesLeft\n    }\n  }\n": typeof types.DashboardTwoFactorDocument,
    "\n  mutation DashboardBeginTotp {\n    beginTotpEnrolment {\n      secret\n      otpauthUrl\n      qrSvg\n    }\n  }\n": typeof types.DashboardBeginTotpDocument,
    "\n  mutation DashboardConfirmTotp($code: String!) {\n    confirmTotpEnrolment(code: $code)\n  }\n": typeof types.DashboardConfirmTotpDocument,
    "\n  mutation DashboardDisableTotp($password: String!, $code: String!) {\n    disableTotp(password: $password, code: $code)\n  }\n": typeof types.DashboardDisableTotpDocument,
    "\n  mutation DashboardUpdateProfile($input: ProfileInput!) {\n    updateProfile(input: $input) {\n      id\n      ...ProfileTab_profile\n    }\n  }\n": typeof types.DashboardUpdateProfileDocument,
    "\n  fragment GuideCard_guide on InstallationGuide {\n    id\n    title\n    serverType\n    content\n    steps\n    helpfulCount\n    views\n  }\n": typeof types.GuideCard_GuideFragmentDoc,
    "\n  query GuidesPage($search: String) {\n    guides(search: $search) {\n      id\n      category\n      ...GuideCard_guide\n    }\n  }\n": typeof types.GuidesPageDocument,
    "\n  mutation CancelOrder($orderId: ID!) {\n    cancelOrder(orderId: $orderId) {\n      id\n      status\n      updatedAt\n    }\n  }\n": typeof types.CancelOrderDocument,
    "\n  query OrderStatusRefresh($id: ID!) {\n    order(id: $id) {\n      id\n      status\n      updatedAt\n    }\n  }\n": typeof types.OrderStatusRefreshDocument,
    "\n  query PolicyTexts {\n    storeSettings {\n      storeName\n      supportEmail\n      termsText\n      refundText\n      privacyText\n      updatedAt\n    }\n  }\n": typeof types.PolicyTextsDocument,
    "\n  mutation SupportPageCreateTicket($input: CreateTicketInput!) {\n    createTicket(input: $input) {\n      id\n      ...TicketsTab_ticket\n    }\n  }\n": typeof types.SupportPageCreateTicketDocument,
    "\n  query SupportTicketOrderOptions {\n    me {\n      id\n      orders {\n        id\n        shortId\n        quantity\n        createdAt\n        product {\n          id\n          name\n        }\n      }\n    }\n  }\n": typeof types.SupportTicketOrderOptionsDocument,
    "\n  mutation VerifyClaimRefund($refundId: ID!, $address: String!) {\n    claimRefund(refundId: $refundId, address: $address) {\n      id\n      status\n      address\n    }\n  }\n": typeof types.VerifyClaimRefundDocument,
    "\n  fragment VerifyOrder on Order {\n    id\n    shortId\n    status\n    createdAt\n    transactionId\n    paymentProofUrl\n    paymentDueAt\n    paymentOverdue\n    domainName\n    paymentMethod\n    cryptoAddress\n    paymentAmountCrypto\n    paymentUri\n    paymentQrSvg\n    paymentIssue\n    paymentIssueKind\n    rate {\n      currency\n      usd\n      source\n    }\n    quoteExpiresAt\n    amountDue\n    amountDueUri\n    amountDueQrSvg\n    acceptedShortfall\n    keysReservedUntil\n    awaitingStock\n    payment {\n      txId\n      amount\n      confirmations\n      requiredConfirmations\n      status\n      explorerUrl\n      detectedAt\n      confirmedAt\n    }\n    totalPrice\n    quantity\n    product {\n      id\n      name\n      fulfilment\n    }\n    keysFileUrl\n    downloadUrl\n    events {\n      id\n      fromStatus\n      toStatus\n      actorKind\n      reason\n      createdAt\n    }\n    refunds {\n      id\n      status\n      amount\n      currency\n      chainName\n      reason\n      address\n      txId\n      explorerUrl\n    }\n  }\n": typeof types.VerifyOrderFragmentDoc,
    "\n  query VerifyPage($id: ID!) {\n    order(id: $id) {\n      id\n      ...VerifyOrder\n    }\n    paymentMethods {\n      method\n      label\n      confirmedOnChain\n      requiredConfirmations\n    }\n  }\n": typeof types.VerifyPageDocument,
    "\n  subscription VerifyOrderUpdated($orderId: ID!) {\n    orderUpdated(orderId: $orderId) {\n      id\n      ...VerifyOrder\n    }\n  }\n": typeof types.VerifyOrderUpdatedDocument,
    "\n  mutation VerifySubmitTransactionId($orderId: ID!, $transactionId: String!) {\n    submitTransactionId(orderId: $orderId, transactionId: $transactionId) {\n      id\n      transactionId\n    }\n  }\n": typeof types.VerifySubmitTransactionIdDocument,
    "\n  query NavViewer {\n    me {\n      id\n      email\n      profile {\n        id\n        fullName\n      }\n    }\n  }\n": typeof types.NavViewerDocument,
    "\n  query StoreInfo {\n    storeSettings {\n      storeName\n      supportEmail\n      supportPhone\n      supportHours\n      timeZone\n    }\n    paymentMethods {\n      method\n      label\n      currency\n      available\n    }\n  }\n": typeof types.StoreInfoDocument,
};
const documents: Documents = {
    "\n  query CaptchaChallenge {\n    captchaChallenge\n  }\n": types.CaptchaChallengeDocument,
    "\n  mutation AuthAcceptStaffInvitation($token: String!) {\n    acceptStaffInvitation(token: $token) {\n      id\n      role\n    }\n  }\n": types.AuthAcceptStaffInvitationDocument,
    "\n  mutation AuthVerifyEmail($token: String!) {\n    verifyEmail(token: $token)\n  }\n": types.AuthVerifyEmailDocument,
    "\n  mutation AuthConfirmEmailChange($token: String!) {\n    confirmEmailChange(token: $token)\n  }\n": types.AuthConfirmEmailChangeDocument,
    "\n  mutation AuthRequestPasswordReset($email: String!) {\n    requestPasswordReset(email: $email)\n  }\n": types.AuthRequestPasswordResetDocument,
    "\n  mutation AuthResetPassword($token: String!, $password: String!) {\n    resetPassword(token: $token, password: $password)\n  }\n": types.AuthResetPasswordDocument,
    "\n  mutation AuthPageSignIn($input: SignInInput!) {\n    signIn(input: $input) {\n      accessToken\n      expiresAt\n      secondFactorRequired\n      challenge\n      passkeyOptions\n      codeAccepted\n    }\n  }\n": types.AuthPageSignInDocument,
    "\n  mutation AuthPageCompleteSignInWithPasskey($challenge: String!, $response: String!) {\n    completeSignInWithPasskey(challenge: $challenge, response: $response) {\n      accessToken\n      expiresAt\n    }\n  }\n": types.AuthPageCompleteSignInWithPasskeyDocument,
    "\n  mutation AuthPageBeginPasskeySignIn {\n    beginPasskeySignIn\n  }\n": types.AuthPageBeginPasskeySignInDocument,
    "\n  mutation AuthPageSignInWithPasskey($response: String!) {\n    signInWithPasskey(response: $response) {\n      accessToken\n      expiresAt\n    }\n  }\n": types.AuthPageSignInWithPasskeyDocument,
    "\n  mutation AuthPageCompleteSignIn($challenge: String!, $code: String!) {\n    completeSignIn(challenge: $challenge, code: $code) {\n      accessToken\n      expiresAt\n    }\n  }\n": types.AuthPageCompleteSignInDocument,
    "\n  mutation AuthPageSignUp($input: SignUpInput!) {\n    signUp(input: $input) {\n      accessToken\n      expiresAt\n    }\n  }\n": types.AuthPageSignUpDocument,
    "\n  fragment ProductCard_product on Product {\n    id\n    slug\n    name\n    category\n    description\n    price\n    inStock\n    availableQuantity\n    features\n    image\n    minQuantity\n    priceTiers {\n      minQuantity\n      unitPrice\n    }\n  }\n": types.ProductCard_ProductFragmentDoc,
    "\n  query ProductDetailPage($slug: String!) {\n    product(slug: $slug) {\n      id\n      ...ProductDetails_product\n    }\n  }\n": types.ProductDetailPageDocument,
    "\n  fragment ProductDetails_product on Product {\n    id\n    slug\n    name\n    category\n    description\n    longDescription\n    price\n    inStock\n    availableQuantity\n    features\n    image\n    minQuantity\n    fulfilment\n    priceTiers {\n      minQuantity\n      unitPrice\n    }\n  }\n": types.ProductDetails_ProductFragmentDoc,
    "\n  query ProductsPage {\n    products {\n      id\n      ...ProductCard_product\n    }\n  }\n": types.ProductsPageDocument,
    "\n  query CheckoutPage {\n    products {\n      id\n      slug\n      name\n      price\n      inStock\n      availableQuantity\n      minQuantity\n      fulfilment\n      priceTiers {\n        minQuantity\n        unitPrice\n      }\n    }\n    paymentMethods {\n      method\n      label\n      currency\n      address\n      qrSvg\n      usdRate\n      available\n      confirmedOnChain\n      requiredConfirmations\n    }\n    me {\n      id\n      email\n    }\n  }\n": types.CheckoutPageDocument,
    "\n  mutation CheckoutHoldQuote($productId: ID!, $quantity: Int!, $paymentMethod: PaymentMethod!) {\n    holdQuote(productId: $productId, quantity: $quantity, paymentMethod: $paymentMethod) {\n      id\n      paymentMethod\n      quantity\n      totalPrice\n      paymentAmountCrypto\n      currency\n      cryptoAddress\n      paymentUri\n      paymentQrSvg\n      expiresAt\n      rate {\n        currency\n        usd\n        source\n        fetchedAt\n      }\n    }\n  }\n": types.CheckoutHoldQuoteDocument,
    "\n  mutation CheckoutPlaceOrder($input: PlaceOrderInput!, $proof: Upload) {\n    placeOrder(input: $input, proof: $proof) {\n      id\n      status\n    }\n  }\n": types.CheckoutPlaceOrderDocument,
    "\n  query DashboardPage {\n    me {\n      id\n      email\n      profile {\n        id\n        ...ProfileTab_profile\n      }\n      certificates {\n        id\n        status\n        ...CertificatesTab_certificate\n      }\n      orders {\n        id\n        status\n        createdAt\n        product {\n          id\n          fulfilment\n        }\n        ...OrdersTab_order\n        ...KeysTab_order\n      }\n      tickets {\n        id\n        status\n        ...TicketsTab_ticket\n      }\n    }\n  }\n": types.DashboardPageDocument,
    "\n  query DashboardStepUpFactors {\n    me {\n      id\n      totpEnabled\n      passkeys {\n        id\n      }\n    }\n  }\n": types.DashboardStepUpFactorsDocument,
    "\n  mutation DashboardConfirmSecondFactor($code: String!) {\n    confirmSecondFactor(code: $code)\n  }\n": types.DashboardConfirmSecondFactorDocument,
    "\n  mutation DashboardConfirmPassword($password: String!) {\n    confirmPassword(password: $password)\n  }\n": types.DashboardConfirmPasswordDocument,
    "\n  mutation DashboardBeginPasskeyConfirmation {\n    beginPasskeyConfirmation\n  }\n": types.DashboardBeginPasskeyConfirmationDocument,
    "\n  mutation DashboardConfirmSecondFactorWithPasskey($response: String!) {\n    confirmSecondFactorWithPasskey(response: $response)\n  }\n": types.DashboardConfirmSecondFactorWithPasskeyDocument,
    "\n  fragment CertificatesTab_certificate on Certificate {\n    id\n    domainName\n    productName\n    status\n    issuedAt\n    expiresAt\n    autoRenew\n    certificateFileUrl\n    chainFileUrl\n  }\n": types.CertificatesTab_CertificateFragmentDoc,
    "\n  fragment KeysTab_order on Order {\n    id\n    shortId\n    createdAt\n    status\n    quantity\n    product {\n      id\n      name\n      fulfilment\n    }\n  }\n": types.KeysTab_OrderFragmentDoc,
    "\n  fragment OrdersTab_order on Order {\n    id\n    shortId\n    createdAt\n    status\n    quantity\n    totalPrice\n    paymentMethod\n    domainName\n    paymentIssue\n    paymentIssueKind\n    payment {\n      status\n    }\n    product {\n      id\n      name\n      fulfilment\n    }\n  }\n": types.OrdersTab_OrderFragmentDoc,
    "\n  fragment ProfileTab_profile on Profile {\n    id\n    email\n    fullName\n    companyName\n    phone\n  }\n": types.ProfileTab_ProfileFragmentDoc,
    "\n  fragment DashboardTicketThread_ticket on SupportTicket {\n    id\n    title\n    status\n    lastActivityAt\n    order {\n      id\n      shortId\n      quantity\n      totalPrice\n      product {\n        id\n        name\n      }\n    }\n    messages {\n      id\n      body\n      fromStaff\n      createdAt\n    }\n  }\n": types.DashboardTicketThread_TicketFragmentDoc,
    "\n  query DashboardTicket($id: ID!) {\n    ticket(id: $id) {\n      id\n      ...DashboardTicketThread_ticket\n    }\n  }\n": types.DashboardTicketDocument,
    "\n  subscription DashboardTicketUpdated($id: ID!) {\n    ticketUpdated(ticketId: $id) {\n      id\n      ...DashboardTicketThread_ticket\n      ...TicketsTab_ticket\n    }\n  }\n": types.DashboardTicketUpdatedDocument,
    "\n  mutation DashboardReplyToTicket($id: ID!, $body: String!) {\n    replyToTicket(ticketId: $id, body: $body) {\n      id\n      ...DashboardTicketThread_ticket\n      ...TicketsTab_ticket\n    }\n  }\n": types.DashboardReplyToTicketDocument,
    "\n  fragment TicketsTab_ticket on SupportTicket {\n    id\n    title\n    description\n    category\n    createdAt\n    status\n    priority\n    lastActivityAt\n  }\n": types.TicketsTab_TicketFragmentDoc,
    "\n  fragment OrderKeys_order on Order {\n    id\n    shortId\n    status\n    product {\n      id\n      name\n      fulfilment\n    }\n    keys {\n      id\n      value\n    }\n    keysFileUrl\n    downloadUrl\n  }\n": types.OrderKeys_OrderFragmentDoc,
    "\n  query OrderKeys($id: ID!) {\n    order(id: $id) {\n      id\n      ...OrderKeys_order\n    }\n  }\n": types.OrderKeysDocument,
    "\n  subscription OrderKeysUpdated($orderId: ID!) {\n    orderUpdated(orderId: $orderId) {\n      id\n      ...OrderKeys_order\n    }\n  }\n": types.OrderKeysUpdatedDocument,
    "\n  query DashboardPasskeys {\n    me {\n      id\n      passkeys {\n        id\n        name\n        createdAt\n        lastUsedAt\n      }\n    }\n  }\n": types.DashboardPasskeysDocument,
    "\n  mutation DashboardBeginPasskeyRegistration {\n    beginPasskeyRegistration\n  }\n": types.DashboardBeginPasskeyRegistrationDocument,
    "\n  mutation DashboardAddPasskey($name: String!, $response: String!) {\n    addPasskey(name: $name, response: $response) {\n      id\n    }\n  }\n": types.DashboardAddPasskeyDocument,
    "\n  mutation DashboardRemovePasskey($id: ID!) {\n    removePasskey(id: $id)\n  }\n": types.DashboardRemovePasskeyDocument,
    "\n  query DashboardSecurity {\n    me {\n      id\n      email\n      emailVerified\n    }\n    mySessions {\n      id\n      createdAt\n      lastUsedAt\n      device\n      approximateIp\n      current\n    }\n  }\n": types.DashboardSecurityDocument,
    "\n  mutation DashboardResendVerification {\n    resendVerificationEmail\n  }\n": types.DashboardResendVerificationDocument,
    "\n  mutation DashboardChangePassword($currentPassword: String!, $newPassword: String!) {\n    changePassword(currentPassword: $currentPassword, newPassword: $newPassword)\n  }\n": types.DashboardChangePasswordDocument,
    "\n  mutation DashboardRequestEmailChange($newEmail: String!, $password: String!) {\n    requestEmailChange(newEmail: $newEmail, password: $password)\n  }\n": types.DashboardRequestEmailChangeDocument,
    "\n  mutation DashboardRevokeSession($id: ID!) {\n    revokeSession(id: $id)\n  }\n": types.DashboardRevokeSessionDocument,
    "\n  mutation DashboardSignOutEverywhere {\n    signOutEverywhere\n  }\n": types.DashboardSignOutEverywhereDocument,
    "\n  query DashboardTwoFactor {\n    me {\n      id\n      totpEnabled\n      recoveryCodesLeft\n    }\n  }\n": types.DashboardTwoFactorDocument,
    "\n  mutation DashboardBeginTotp {\n    beginTotpEnrolment {\n      secret\n      otpauthUrl\n      qrSvg\n    }\n  }\n": types.DashboardBeginTotpDocument,
    "\n  mutation DashboardConfirmTotp($code: String!) {\n    confirmTotpEnrolment(code: $code)\n  }\n": types.DashboardConfirmTotpDocument,
    "\n  mutation DashboardDisableTotp($password: String!, $code: String!) {\n    disableTotp(password: $password, code: $code)\n  }\n": types.DashboardDisableTotpDocument,
    "\n  mutation DashboardUpdateProfile($input: ProfileInput!) {\n    updateProfile(input: $input) {\n      id\n      ...ProfileTab_profile\n    }\n  }\n": types.DashboardUpdateProfileDocument,
    "\n  fragment GuideCard_guide on InstallationGuide {\n    id\n    title\n    serverType\n    content\n    steps\n    helpfulCount\n    views\n  }\n": types.GuideCard_GuideFragmentDoc,
    "\n  query GuidesPage($search: String) {\n    guides(search: $search) {\n      id\n      category\n      ...GuideCard_guide\n    }\n  }\n": types.GuidesPageDocument,
    "\n  mutation CancelOrder($orderId: ID!) {\n    cancelOrder(orderId: $orderId) {\n      id\n      status\n      updatedAt\n    }\n  }\n": types.CancelOrderDocument,
    "\n  query OrderStatusRefresh($id: ID!) {\n    order(id: $id) {\n      id\n      status\n      updatedAt\n    }\n  }\n": types.OrderStatusRefreshDocument,
    "\n  query PolicyTexts {\n    storeSettings {\n      storeName\n      supportEmail\n      termsText\n      refundText\n      privacyText\n      updatedAt\n    }\n  }\n": types.PolicyTextsDocument,
    "\n  mutation SupportPageCreateTicket($input: CreateTicketInput!) {\n    createTicket(input: $input) {\n      id\n      ...TicketsTab_ticket\n    }\n  }\n": types.SupportPageCreateTicketDocument,
    "\n  query SupportTicketOrderOptions {\n    me {\n      id\n      orders {\n        id\n        shortId\n        quantity\n        createdAt\n        product {\n          id\n          name\n        }\n      }\n    }\n  }\n": types.SupportTicketOrderOptionsDocument,
    "\n  mutation VerifyClaimRefund($refundId: ID!, $address: String!) {\n    claimRefund(refundId: $refundId, address: $address) {\n      id\n      status\n      address\n    }\n  }\n": types.VerifyClaimRefundDocument,
    "\n  fragment VerifyOrder on Order {\n    id\n    shortId\n    status\n    createdAt\n    transactionId\n    paymentProofUrl\n    paymentDueAt\n    paymentOverdue\n    domainName\n    paymentMethod\n    cryptoAddress\n    paymentAmountCrypto\n    paymentUri\n    paymentQrSvg\n    paymentIssue\n    paymentIssueKind\n    rate {\n      currency\n      usd\n      source\n    }\n    quoteExpiresAt\n    amountDue\n    amountDueUri\n    amountDueQrSvg\n    acceptedShortfall\n    keysReservedUntil\n    awaitingStock\n    payment {\n      txId\n      amount\n      confirmations\n      requiredConfirmations\n      status\n      explorerUrl\n      detectedAt\n      confirmedAt\n    }\n    totalPrice\n    quantity\n    product {\n      id\n      name\n      fulfilment\n    }\n    keysFileUrl\n    downloadUrl\n    events {\n      id\n      fromStatus\n      toStatus\n      actorKind\n      reason\n      createdAt\n    }\n    refunds {\n      id\n      status\n      amount\n      currency\n      chainName\n      reason\n      address\n      txId\n      explorerUrl\n    }\n  }\n": types.VerifyOrderFragmentDoc,
    "\n  query VerifyPage($id: ID!) {\n    order(id: $id) {\n      id\n      ...VerifyOrder\n    }\n    paymentMethods {\n      method\n      label\n      confirmedOnChain\n      requiredConfirmations\n    }\n  }\n": types.VerifyPageDocument,
    "\n  subscription VerifyOrderUpdated($orderId: ID!) {\n    orderUpdated(orderId: $orderId) {\n      id\n      ...VerifyOrder\n    }\n  }\n": types.VerifyOrderUpdatedDocument,
    "\n  mutation VerifySubmitTransactionId($orderId: ID!, $transactionId: String!) {\n    submitTransactionId(orderId: $orderId, transactionId: $transactionId) {\n      id\n      transactionId\n    }\n  }\n": types.VerifySubmitTransactionIdDocument,
    "\n  query NavViewer {\n    me {\n      id\n      email\n      profile {\n        id\n        fullName\n      }\n    }\n  }\n": types.NavViewerDocument,
    "\n  query StoreInfo {\n    storeSettings {\n      storeName\n      supportEmail\n      supportPhone\n      supportHours\n      timeZone\n    }\n    paymentMethods {\n      method\n      label\n      currency\n      available\n    }\n  }\n": types.StoreInfoDocument,
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
export function graphql(source: "\n  query CaptchaChallenge {\n    captchaChallenge\n  }\n"): (typeof documents)["\n  query CaptchaChallenge {\n    captchaChallenge\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AuthAcceptStaffInvitation($token: String!) {\n    acceptStaffInvitation(token: $token) {\n      id\n      role\n    }\n  }\n"): (typeof documents)["\n  mutation AuthAcceptStaffInvitation($token: String!) {\n    acceptStaffInvitation(token: $token) {\n      id\n      role\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AuthVerifyEmail($token: String!) {\n    verifyEmail(token: $token)\n  }\n"): (typeof documents)["\n  mutation AuthVerifyEmail($token: String!) {\n    verifyEmail(token: $token)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AuthConfirmEmailChange($token: String!) {\n    confirmEmailChange(token: $token)\n  }\n"): (typeof documents)["\n  mutation AuthConfirmEmailChange($token: String!) {\n    confirmEmailChange(token: $token)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AuthRequestPasswordReset($email: String!) {\n    requestPasswordReset(email: $email)\n  }\n"): (typeof documents)["\n  mutation AuthRequestPasswordReset($email: String!) {\n    requestPasswordReset(email: $email)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AuthResetPassword($token: String!, $password: String!) {\n    resetPassword(token: $token, password: $password)\n  }\n"): (typeof documents)["\n  mutation AuthResetPassword($token: String!, $password: String!) {\n    resetPassword(token: $token, password: $password)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AuthPageSignIn($input: SignInInput!) {\n    signIn(input: $input) {\n      accessToken\n      expiresAt\n      secondFactorRequired\n      challenge\n      passkeyOptions\n      codeAccepted\n    }\n  }\n"): (typeof documents)["\n  mutation AuthPageSignIn($input: SignInInput!) {\n    signIn(input: $input) {\n      accessToken\n      expiresAt\n      secondFactorRequired\n      challenge\n      passkeyOptions\n      codeAccepted\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AuthPageCompleteSignInWithPasskey($challenge: String!, $response: String!) {\n    completeSignInWithPasskey(challenge: $challenge, response: $response) {\n      accessToken\n      expiresAt\n    }\n  }\n"): (typeof documents)["\n  mutation AuthPageCompleteSignInWithPasskey($challenge: String!, $response: String!) {\n    completeSignInWithPasskey(challenge: $challenge, response: $response) {\n      accessToken\n      expiresAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AuthPageBeginPasskeySignIn {\n    beginPasskeySignIn\n  }\n"): (typeof documents)["\n  mutation AuthPageBeginPasskeySignIn {\n    beginPasskeySignIn\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AuthPageSignInWithPasskey($response: String!) {\n    signInWithPasskey(response: $response) {\n      accessToken\n      expiresAt\n    }\n  }\n"): (typeof documents)["\n  mutation AuthPageSignInWithPasskey($response: String!) {\n    signInWithPasskey(response: $response) {\n      accessToken\n      expiresAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AuthPageCompleteSignIn($challenge: String!, $code: String!) {\n    completeSignIn(challenge: $challenge, code: $code) {\n      accessToken\n      expiresAt\n    }\n  }\n"): (typeof documents)["\n  mutation AuthPageCompleteSignIn($challenge: String!, $code: String!) {\n    completeSignIn(challenge: $challenge, code: $code) {\n      accessToken\n      expiresAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AuthPageSignUp($input: SignUpInput!) {\n    signUp(input: $input) {\n      accessToken\n      expiresAt\n    }\n  }\n"): (typeof documents)["\n  mutation AuthPageSignUp($input: SignUpInput!) {\n    signUp(input: $input) {\n      accessToken\n      expiresAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ProductCard_product on Product {\n    id\n    slug\n    name\n    category\n    description\n    price\n    inStock\n    availableQuantity\n    features\n    image\n    minQuantity\n    priceTiers {\n      minQuantity\n      unitPrice\n    }\n  }\n"): (typeof documents)["\n  fragment ProductCard_product on Product {\n    id\n    slug\n    name\n    category\n    description\n    price\n    inStock\n    availableQuantity\n    features\n    image\n    minQuantity\n    priceTiers {\n      minQuantity\n      unitPrice\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ProductDetailPage($slug: String!) {\n    product(slug: $slug) {\n      id\n      ...ProductDetails_product\n    }\n  }\n"): (typeof documents)["\n  query ProductDetailPage($slug: String!) {\n    product(slug: $slug) {\n      id\n      ...ProductDetails_product\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ProductDetails_product on Product {\n    id\n    slug\n    name\n    category\n    description\n    longDescription\n    price\n    inStock\n    availableQuantity\n    features\n    image\n    minQuantity\n    fulfilment\n    priceTiers {\n      minQuantity\n      unitPrice\n    }\n  }\n"): (typeof documents)["\n  fragment ProductDetails_product on Product {\n    id\n    slug\n    name\n    category\n    description\n    longDescription\n    price\n    inStock\n    availableQuantity\n    features\n    image\n    minQuantity\n    fulfilment\n    priceTiers {\n      minQuantity\n      unitPrice\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ProductsPage {\n    products {\n      id\n      ...ProductCard_product\n    }\n  }\n"): (typeof documents)["\n  query ProductsPage {\n    products {\n      id\n      ...ProductCard_product\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CheckoutPage {\n    products {\n      id\n      slug\n      name\n      price\n      inStock\n      availableQuantity\n      minQuantity\n      fulfilment\n      priceTiers {\n        minQuantity\n        unitPrice\n      }\n    }\n    paymentMethods {\n      method\n      label\n      currency\n      address\n      qrSvg\n      usdRate\n      available\n      confirmedOnChain\n      requiredConfirmations\n    }\n    me {\n      id\n      email\n    }\n  }\n"): (typeof documents)["\n  query CheckoutPage {\n    products {\n      id\n      slug\n      name\n      price\n      inStock\n      availableQuantity\n      minQuantity\n      fulfilment\n      priceTiers {\n        minQuantity\n        unitPrice\n      }\n    }\n    paymentMethods {\n      method\n      label\n      currency\n      address\n      qrSvg\n      usdRate\n      available\n      confirmedOnChain\n      requiredConfirmations\n    }\n    me {\n      id\n      email\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CheckoutHoldQuote($productId: ID!, $quantity: Int!, $paymentMethod: PaymentMethod!) {\n    holdQuote(productId: $productId, quantity: $quantity, paymentMethod: $paymentMethod) {\n      id\n      paymentMethod\n      quantity\n      totalPrice\n      paymentAmountCrypto\n      currency\n      cryptoAddress\n      paymentUri\n      paymentQrSvg\n      expiresAt\n      rate {\n        currency\n        usd\n        source\n        fetchedAt\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation CheckoutHoldQuote($productId: ID!, $quantity: Int!, $paymentMethod: PaymentMethod!) {\n    holdQuote(productId: $productId, quantity: $quantity, paymentMethod: $paymentMethod) {\n      id\n      paymentMethod\n      quantity\n      totalPrice\n      paymentAmountCrypto\n      currency\n      cryptoAddress\n      paymentUri\n      paymentQrSvg\n      expiresAt\n      rate {\n        currency\n        usd\n        source\n        fetchedAt\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CheckoutPlaceOrder($input: PlaceOrderInput!, $proof: Upload) {\n    placeOrder(input: $input, proof: $proof) {\n      id\n      status\n    }\n  }\n"): (typeof documents)["\n  mutation CheckoutPlaceOrder($input: PlaceOrderInput!, $proof: Upload) {\n    placeOrder(input: $input, proof: $proof) {\n      id\n      status\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DashboardPage {\n    me {\n      id\n      email\n      profile {\n        id\n        ...ProfileTab_profile\n      }\n      certificates {\n        id\n        status\n        ...CertificatesTab_certificate\n      }\n      orders {\n        id\n        status\n        createdAt\n        product {\n          id\n          fulfilment\n        }\n        ...OrdersTab_order\n        ...KeysTab_order\n      }\n      tickets {\n        id\n        status\n        ...TicketsTab_ticket\n      }\n    }\n  }\n"): (typeof documents)["\n  query DashboardPage {\n    me {\n      id\n      email\n      profile {\n        id\n        ...ProfileTab_profile\n      }\n      certificates {\n        id\n        status\n        ...CertificatesTab_certificate\n      }\n      orders {\n        id\n        status\n        createdAt\n        product {\n          id\n          fulfilment\n        }\n        ...OrdersTab_order\n        ...KeysTab_order\n      }\n      tickets {\n        id\n        status\n        ...TicketsTab_ticket\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DashboardStepUpFactors {\n    me {\n      id\n      totpEnabled\n      passkeys {\n        id\n      }\n    }\n  }\n"): (typeof documents)["\n  query DashboardStepUpFactors {\n    me {\n      id\n      totpEnabled\n      passkeys {\n        id\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DashboardConfirmSecondFactor($code: String!) {\n    confirmSecondFactor(code: $code)\n  }\n"): (typeof documents)["\n  mutation DashboardConfirmSecondFactor($code: String!) {\n    confirmSecondFactor(code: $code)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DashboardConfirmPassword($password: String!) {\n    confirmPassword(password: $password)\n  }\n"): (typeof documents)["\n  mutation DashboardConfirmPassword($password: String!) {\n    confirmPassword(password: $password)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DashboardBeginPasskeyConfirmation {\n    beginPasskeyConfirmation\n  }\n"): (typeof documents)["\n  mutation DashboardBeginPasskeyConfirmation {\n    beginPasskeyConfirmation\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DashboardConfirmSecondFactorWithPasskey($response: String!) {\n    confirmSecondFactorWithPasskey(response: $response)\n  }\n"): (typeof documents)["\n  mutation DashboardConfirmSecondFactorWithPasskey($response: String!) {\n    confirmSecondFactorWithPasskey(response: $response)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment CertificatesTab_certificate on Certificate {\n    id\n    domainName\n    productName\n    status\n    issuedAt\n    expiresAt\n    autoRenew\n    certificateFileUrl\n    chainFileUrl\n  }\n"): (typeof documents)["\n  fragment CertificatesTab_certificate on Certificate {\n    id\n    domainName\n    productName\n    status\n    issuedAt\n    expiresAt\n    autoRenew\n    certificateFileUrl\n    chainFileUrl\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment KeysTab_order on Order {\n    id\n    shortId\n    createdAt\n    status\n    quantity\n    product {\n      id\n      name\n      fulfilment\n    }\n  }\n"): (typeof documents)["\n  fragment KeysTab_order on Order {\n    id\n    shortId\n    createdAt\n    status\n    quantity\n    product {\n      id\n      name\n      fulfilment\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment OrdersTab_order on Order {\n    id\n    shortId\n    createdAt\n    status\n    quantity\n    totalPrice\n    paymentMethod\n    domainName\n    paymentIssue\n    paymentIssueKind\n    payment {\n      status\n    }\n    product {\n      id\n      name\n      fulfilment\n    }\n  }\n"): (typeof documents)["\n  fragment OrdersTab_order on Order {\n    id\n    shortId\n    createdAt\n    status\n    quantity\n    totalPrice\n    paymentMethod\n    domainName\n    paymentIssue\n    paymentIssueKind\n    payment {\n      status\n    }\n    product {\n      id\n      name\n      fulfilment\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ProfileTab_profile on Profile {\n    id\n    email\n    fullName\n    companyName\n    phone\n  }\n"): (typeof documents)["\n  fragment ProfileTab_profile on Profile {\n    id\n    email\n    fullName\n    companyName\n    phone\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment DashboardTicketThread_ticket on SupportTicket {\n    id\n    title\n    status\n    lastActivityAt\n    order {\n      id\n      shortId\n      quantity\n      totalPrice\n      product {\n        id\n        name\n      }\n    }\n    messages {\n      id\n      body\n      fromStaff\n      createdAt\n    }\n  }\n"): (typeof documents)["\n  fragment DashboardTicketThread_ticket on SupportTicket {\n    id\n    title\n    status\n    lastActivityAt\n    order {\n      id\n      shortId\n      quantity\n      totalPrice\n      product {\n        id\n        name\n      }\n    }\n    messages {\n      id\n      body\n      fromStaff\n      createdAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DashboardTicket($id: ID!) {\n    ticket(id: $id) {\n      id\n      ...DashboardTicketThread_ticket\n    }\n  }\n"): (typeof documents)["\n  query DashboardTicket($id: ID!) {\n    ticket(id: $id) {\n      id\n      ...DashboardTicketThread_ticket\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription DashboardTicketUpdated($id: ID!) {\n    ticketUpdated(ticketId: $id) {\n      id\n      ...DashboardTicketThread_ticket\n      ...TicketsTab_ticket\n    }\n  }\n"): (typeof documents)["\n  subscription DashboardTicketUpdated($id: ID!) {\n    ticketUpdated(ticketId: $id) {\n      id\n      ...DashboardTicketThread_ticket\n      ...TicketsTab_ticket\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DashboardReplyToTicket($id: ID!, $body: String!) {\n    replyToTicket(ticketId: $id, body: $body) {\n      id\n      ...DashboardTicketThread_ticket\n      ...TicketsTab_ticket\n    }\n  }\n"): (typeof documents)["\n  mutation DashboardReplyToTicket($id: ID!, $body: String!) {\n    replyToTicket(ticketId: $id, body: $body) {\n      id\n      ...DashboardTicketThread_ticket\n      ...TicketsTab_ticket\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment TicketsTab_ticket on SupportTicket {\n    id\n    title\n    description\n    category\n    createdAt\n    status\n    priority\n    lastActivityAt\n  }\n"): (typeof documents)["\n  fragment TicketsTab_ticket on SupportTicket {\n    id\n    title\n    description\n    category\n    createdAt\n    status\n    priority\n    lastActivityAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment OrderKeys_order on Order {\n    id\n    shortId\n    status\n    product {\n      id\n      name\n      fulfilment\n    }\n    keys {\n      id\n      value\n    }\n    keysFileUrl\n    downloadUrl\n  }\n"): (typeof documents)["\n  fragment OrderKeys_order on Order {\n    id\n    shortId\n    status\n    product {\n      id\n      name\n      fulfilment\n    }\n    keys {\n      id\n      value\n    }\n    keysFileUrl\n    downloadUrl\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query OrderKeys($id: ID!) {\n    order(id: $id) {\n      id\n      ...OrderKeys_order\n    }\n  }\n"): (typeof documents)["\n  query OrderKeys($id: ID!) {\n    order(id: $id) {\n      id\n      ...OrderKeys_order\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription OrderKeysUpdated($orderId: ID!) {\n    orderUpdated(orderId: $orderId) {\n      id\n      ...OrderKeys_order\n    }\n  }\n"): (typeof documents)["\n  subscription OrderKeysUpdated($orderId: ID!) {\n    orderUpdated(orderId: $orderId) {\n      id\n      ...OrderKeys_order\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DashboardPasskeys {\n    me {\n      id\n      passkeys {\n        id\n        name\n        createdAt\n        lastUsedAt\n      }\n    }\n  }\n"): (typeof documents)["\n  query DashboardPasskeys {\n    me {\n      id\n      passkeys {\n        id\n        name\n        createdAt\n        lastUsedAt\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DashboardBeginPasskeyRegistration {\n    beginPasskeyRegistration\n  }\n"): (typeof documents)["\n  mutation DashboardBeginPasskeyRegistration {\n    beginPasskeyRegistration\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DashboardAddPasskey($name: String!, $response: String!) {\n    addPasskey(name: $name, response: $response) {\n      id\n    }\n  }\n"): (typeof documents)["\n  mutation DashboardAddPasskey($name: String!, $response: String!) {\n    addPasskey(name: $name, response: $response) {\n      id\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DashboardRemovePasskey($id: ID!) {\n    removePasskey(id: $id)\n  }\n"): (typeof documents)["\n  mutation DashboardRemovePasskey($id: ID!) {\n    removePasskey(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DashboardSecurity {\n    me {\n      id\n      email\n      emailVerified\n    }\n    mySessions {\n      id\n      createdAt\n      lastUsedAt\n      device\n      approximateIp\n      current\n    }\n  }\n"): (typeof documents)["\n  query DashboardSecurity {\n    me {\n      id\n      email\n      emailVerified\n    }\n    mySessions {\n      id\n      createdAt\n      lastUsedAt\n      device\n      approximateIp\n      current\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DashboardResendVerification {\n    resendVerificationEmail\n  }\n"): (typeof documents)["\n  mutation DashboardResendVerification {\n    resendVerificationEmail\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DashboardChangePassword($currentPassword: String!, $newPassword: String!) {\n    changePassword(currentPassword: $currentPassword, newPassword: $newPassword)\n  }\n"): (typeof documents)["\n  mutation DashboardChangePassword($currentPassword: String!, $newPassword: String!) {\n    changePassword(currentPassword: $currentPassword, newPassword: $newPassword)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DashboardRequestEmailChange($newEmail: String!, $password: String!) {\n    requestEmailChange(newEmail: $newEmail, password: $password)\n  }\n"): (typeof documents)["\n  mutation DashboardRequestEmailChange($newEmail: String!, $password: String!) {\n    requestEmailChange(newEmail: $newEmail, password: $password)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DashboardRevokeSession($id: ID!) {\n    revokeSession(id: $id)\n  }\n"): (typeof documents)["\n  mutation DashboardRevokeSession($id: ID!) {\n    revokeSession(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DashboardSignOutEverywhere {\n    signOutEverywhere\n  }\n"): (typeof documents)["\n  mutation DashboardSignOutEverywhere {\n    signOutEverywhere\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DashboardTwoFactor {\n    me {\n      id\n      totpEnabled\n      recoveryCodesLeft\n    }\n  }\n"): (typeof documents)["\n  query DashboardTwoFactor {\n    me {\n      id\n      totpEnabled\n      recoveryCodesLeft\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DashboardBeginTotp {\n    beginTotpEnrolment {\n      secret\n      otpauthUrl\n      qrSvg\n    }\n  }\n"): (typeof documents)["\n  mutation DashboardBeginTotp {\n    beginTotpEnrolment {\n      secret\n      otpauthUrl\n      qrSvg\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DashboardConfirmTotp($code: String!) {\n    confirmTotpEnrolment(code: $code)\n  }\n"): (typeof documents)["\n  mutation DashboardConfirmTotp($code: String!) {\n    confirmTotpEnrolment(code: $code)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DashboardDisableTotp($password: String!, $code: String!) {\n    disableTotp(password: $password, code: $code)\n  }\n"): (typeof documents)["\n  mutation DashboardDisableTotp($password: String!, $code: String!) {\n    disableTotp(password: $password, code: $code)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DashboardUpdateProfile($input: ProfileInput!) {\n    updateProfile(input: $input) {\n      id\n      ...ProfileTab_profile\n    }\n  }\n"): (typeof documents)["\n  mutation DashboardUpdateProfile($input: ProfileInput!) {\n    updateProfile(input: $input) {\n      id\n      ...ProfileTab_profile\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment GuideCard_guide on InstallationGuide {\n    id\n    title\n    serverType\n    content\n    steps\n    helpfulCount\n    views\n  }\n"): (typeof documents)["\n  fragment GuideCard_guide on InstallationGuide {\n    id\n    title\n    serverType\n    content\n    steps\n    helpfulCount\n    views\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query GuidesPage($search: String) {\n    guides(search: $search) {\n      id\n      category\n      ...GuideCard_guide\n    }\n  }\n"): (typeof documents)["\n  query GuidesPage($search: String) {\n    guides(search: $search) {\n      id\n      category\n      ...GuideCard_guide\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CancelOrder($orderId: ID!) {\n    cancelOrder(orderId: $orderId) {\n      id\n      status\n      updatedAt\n    }\n  }\n"): (typeof documents)["\n  mutation CancelOrder($orderId: ID!) {\n    cancelOrder(orderId: $orderId) {\n      id\n      status\n      updatedAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query OrderStatusRefresh($id: ID!) {\n    order(id: $id) {\n      id\n      status\n      updatedAt\n    }\n  }\n"): (typeof documents)["\n  query OrderStatusRefresh($id: ID!) {\n    order(id: $id) {\n      id\n      status\n      updatedAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PolicyTexts {\n    storeSettings {\n      storeName\n      supportEmail\n      termsText\n      refundText\n      privacyText\n      updatedAt\n    }\n  }\n"): (typeof documents)["\n  query PolicyTexts {\n    storeSettings {\n      storeName\n      supportEmail\n      termsText\n      refundText\n      privacyText\n      updatedAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SupportPageCreateTicket($input: CreateTicketInput!) {\n    createTicket(input: $input) {\n      id\n      ...TicketsTab_ticket\n    }\n  }\n"): (typeof documents)["\n  mutation SupportPageCreateTicket($input: CreateTicketInput!) {\n    createTicket(input: $input) {\n      id\n      ...TicketsTab_ticket\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SupportTicketOrderOptions {\n    me {\n      id\n      orders {\n        id\n        shortId\n        quantity\n        createdAt\n        product {\n          id\n          name\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query SupportTicketOrderOptions {\n    me {\n      id\n      orders {\n        id\n        shortId\n        quantity\n        createdAt\n        product {\n          id\n          name\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation VerifyClaimRefund($refundId: ID!, $address: String!) {\n    claimRefund(refundId: $refundId, address: $address) {\n      id\n      status\n      address\n    }\n  }\n"): (typeof documents)["\n  mutation VerifyClaimRefund($refundId: ID!, $address: String!) {\n    claimRefund(refundId: $refundId, address: $address) {\n      id\n      status\n      address\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment VerifyOrder on Order {\n    id\n    shortId\n    status\n    createdAt\n    transactionId\n    paymentProofUrl\n    paymentDueAt\n    paymentOverdue\n    domainName\n    paymentMethod\n    cryptoAddress\n    paymentAmountCrypto\n    paymentUri\n    paymentQrSvg\n    paymentIssue\n    paymentIssueKind\n    rate {\n      currency\n      usd\n      source\n    }\n    quoteExpiresAt\n    amountDue\n    amountDueUri\n    amountDueQrSvg\n    acceptedShortfall\n    keysReservedUntil\n    awaitingStock\n    payment {\n      txId\n      amount\n      confirmations\n      requiredConfirmations\n      status\n      explorerUrl\n      detectedAt\n      confirmedAt\n    }\n    totalPrice\n    quantity\n    product {\n      id\n      name\n      fulfilment\n    }\n    keysFileUrl\n    downloadUrl\n    events {\n      id\n      fromStatus\n      toStatus\n      actorKind\n      reason\n      createdAt\n    }\n    refunds {\n      id\n      status\n      amount\n      currency\n      chainName\n      reason\n      address\n      txId\n      explorerUrl\n    }\n  }\n"): (typeof documents)["\n  fragment VerifyOrder on Order {\n    id\n    shortId\n    status\n    createdAt\n    transactionId\n    paymentProofUrl\n    paymentDueAt\n    paymentOverdue\n    domainName\n    paymentMethod\n    cryptoAddress\n    paymentAmountCrypto\n    paymentUri\n    paymentQrSvg\n    paymentIssue\n    paymentIssueKind\n    rate {\n      currency\n      usd\n      source\n    }\n    quoteExpiresAt\n    amountDue\n    amountDueUri\n    amountDueQrSvg\n    acceptedShortfall\n    keysReservedUntil\n    awaitingStock\n    payment {\n      txId\n      amount\n      confirmations\n      requiredConfirmations\n      status\n      explorerUrl\n      detectedAt\n      confirmedAt\n    }\n    totalPrice\n    quantity\n    product {\n      id\n      name\n      fulfilment\n    }\n    keysFileUrl\n    downloadUrl\n    events {\n      id\n      fromStatus\n      toStatus\n      actorKind\n      reason\n      createdAt\n    }\n    refunds {\n      id\n      status\n      amount\n      currency\n      chainName\n      reason\n      address\n      txId\n      explorerUrl\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query VerifyPage($id: ID!) {\n    order(id: $id) {\n      id\n      ...VerifyOrder\n    }\n    paymentMethods {\n      method\n      label\n      confirmedOnChain\n      requiredConfirmations\n    }\n  }\n"): (typeof documents)["\n  query VerifyPage($id: ID!) {\n    order(id: $id) {\n      id\n      ...VerifyOrder\n    }\n    paymentMethods {\n      method\n      label\n      confirmedOnChain\n      requiredConfirmations\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription VerifyOrderUpdated($orderId: ID!) {\n    orderUpdated(orderId: $orderId) {\n      id\n      ...VerifyOrder\n    }\n  }\n"): (typeof documents)["\n  subscription VerifyOrderUpdated($orderId: ID!) {\n    orderUpdated(orderId: $orderId) {\n      id\n      ...VerifyOrder\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation VerifySubmitTransactionId($orderId: ID!, $transactionId: String!) {\n    submitTransactionId(orderId: $orderId, transactionId: $transactionId) {\n      id\n      transactionId\n    }\n  }\n"): (typeof documents)["\n  mutation VerifySubmitTransactionId($orderId: ID!, $transactionId: String!) {\n    submitTransactionId(orderId: $orderId, transactionId: $transactionId) {\n      id\n      transactionId\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query NavViewer {\n    me {\n      id\n      email\n      profile {\n        id\n        fullName\n      }\n    }\n  }\n"): (typeof documents)["\n  query NavViewer {\n    me {\n      id\n      email\n      profile {\n        id\n        fullName\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query StoreInfo {\n    storeSettings {\n      storeName\n      supportEmail\n      supportPhone\n      supportHours\n      timeZone\n    }\n    paymentMethods {\n      method\n      label\n      currency\n      available\n    }\n  }\n"): (typeof documents)["\n  query StoreInfo {\n    storeSettings {\n      storeName\n      supportEmail\n      supportPhone\n      supportHours\n      timeZone\n    }\n    paymentMethods {\n      method\n      label\n      currency\n      available\n    }\n  }\n"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;