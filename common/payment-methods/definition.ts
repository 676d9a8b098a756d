/**
 * What a payment method is, as far as the server and the web app both need to know (docs/payments.md "Adding a
 * payment method"): pure facts, no configuration and no I/O. The server adds what only it needs (environment
 * variables, address checks, the chain reader) in server/src/payments/methods/<method>/.
 */

/** The chains the store reads (a chain may carry several methods: ETH and USDT on Ethereum). */
export type ChainNetwork = 'eth' | 'tron' | 'btc';

export interface PaymentMethodFacts<Key extends string = string> {
  /**
   * The method's one name (docs/decisions.md "One spelling per enum"), e.g. "USDT_TRC20": the PaymentMethod enum's key
   * and value, what the API shows and what the database stores (orders.payment_method, chain_payments.method).
   */
  readonly key: Key;
  /** Where the checkout lists it (smallest first). */
  readonly displayOrder: number;
  /** As customers read it: "USDT (TRC-20)". */
  readonly label: string;
  /** What the customer sends: "USDT", or USD for a method paid in dollars. */
  readonly currency: string;
  /** Decimals of the amount to send, and the unit of the unique per-order offset (docs/payments.md "Unique amounts"). */
  readonly decimals: number;
  /** US dollars per unit of the currency when RATE_<CURRENCY>_USD is not set (fixed; there is no price feed). */
  readonly defaultUsdRate: number;
  /** False: listed for customers who ask, never accepted (PayPal, Skrill: docs/product.md "What the store sells"). */
  readonly accepted: boolean;
  /** The chain its payments are read from, or null for a method that has none. */
  readonly chain: {
    readonly network: ChainNetwork;
    /** The network as a sentence names it: "… was not found on the TRON network yet". */
    readonly name: string;
    /**
     * The token standard of a token sent on the chain ("TRC-20", "ERC-20"); absent for the chain's own coin. The
     * payment page's warning names it: "Send only USDT on TRON (TRC-20)".
     */
    readonly tokenStandard?: string;
    /** A block explorer's page of a transaction (mainnet). */
    explorerTxUrl(txId: string): string;
  } | null;
  /**
   * The scheme of its payment URI when that is a request a wallet opens ("bitcoin"), so the web app offers it as a
   * link; null when the URI is the bare address.
   */
  readonly walletUriScheme: string | null;
  /**
   * The payment request a wallet reads from the order's QR code or link: the address and the exact amount when the
   * method's wallets agree on a URI for them (BIP-21, EIP-681), else the bare address. `token`: the token contract
   * the server is configured with, for a token's URI that names it (USDT on Ethereum); a coin's URI ignores it.
   */
  paymentUri(address: string, amount: string, token?: string | null): string;
}

/**
 * The warning beside an address to pay (issue 31): the one coin and network a payment must use, as the method's facts
 * say ("Send only USDT on TRON (TRC-20)"); null for a method read from no chain.
 */
export function networkWarning(facts: Pick<PaymentMethodFacts, 'currency' | 'chain'>): string | null {
  if (!facts.chain) return null;
  const standard = facts.chain.tokenStandard ? ` (${facts.chain.tokenStandard})` : '';
  return `Send only ${facts.currency} on ${facts.chain.name}${standard}`;
}

/** A method's facts with its key kept as a literal type (the registry's enum-like maps need it). */
export function defineMethodFacts<const Key extends string>(facts: PaymentMethodFacts<Key>): PaymentMethodFacts<Key> {
  return Object.freeze(facts);
}
