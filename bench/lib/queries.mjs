/**
 * The operations the benchmark sends: the storefront's own selections (web/src/features/…), written
 * out without fragments so the bench does not depend on the web build.
 */

/** /products page (ProductsPage + ProductCard_product). */
export const PRODUCTS = `query ProductsPage {
  products { id slug name category description price inStock features image }
}`;

/** /products/:slug page (ProductDetailPage + ProductDetails_product). */
export const PRODUCT = `query ProductDetailPage($slug: String!) {
  product(slug: $slug) {
    id slug name category description longDescription price inStock features image minQuantity
    priceTiers { minQuantity unitPrice }
  }
}`;

/** /dashboard (DashboardPage with the Profile, Orders, Certificates and Tickets tabs' fragments). */
export const DASHBOARD = `query DashboardPage {
  me {
    id email
    profile { id email fullName companyName phone }
    certificates {
      id status domainName productName issuedAt expiresAt autoRenew certificateFileUrl chainFileUrl
    }
    orders {
      id status shortId createdAt quantity totalPrice paymentMethod domainName
      product { id name }
    }
    tickets { id status title description category createdAt priority }
  }
}`;

/** The admin order queue: one row per order with its customer and the payment facts an admin checks. */
export const ADMIN_ORDERS = `query AdminOrders($after: String) {
  adminOrders(first: 20, after: $after) {
    totalCount
    pageInfo { hasNextPage endCursor }
    edges {
      cursor
      node {
        id shortId status createdAt quantity totalPrice paymentMethod paymentAmountCrypto cryptoAddress
        transactionId domainName paymentProofUrl
        product { id name }
        customer { fullName email }
      }
    }
  }
}`;

export const PLACE_ORDER = `mutation PlaceOrder($input: PlaceOrderInput!, $proof: Upload) {
  placeOrder(input: $input, proof: $proof) { id shortId status totalPrice paymentAmountCrypto }
}`;
