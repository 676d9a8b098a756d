/**
 * What a fulfilment kind is, as far as the server and the web app both need to know (docs/adding-a-fulfilment-kind.md):
 * pure facts and the texts customers and admins read, no I/O. The server adds how it reserves and delivers in
 * server/src/fulfilment/.
 */

export interface FulfilmentKindFacts<Key extends string = string> {
  /** The GraphQL name (Fulfilment enum key), e.g. "KEYS"; the server's enum maps it to what the database stores. */
  readonly key: Key;
  /** As the admin's stock list and the product editor name it: "Licence keys". */
  readonly label: string;
  /** The product editor's help under the fulfilment field. */
  readonly helpText: string;
  /**
   * Its stock is its licence keys: a checkout reserves them, stock follows their count (docs/inventory.md "Stock follows
   * keys"), the delivery job gives them once the order is paid. False: an admin delivers, stock is the admin's switch.
   */
  readonly stockedByKeys: boolean;
  /** What its buyer is given once delivered: licence keys, the product's file. */
  readonly delivers: { readonly keys: boolean; readonly file: boolean };
  /** What /verify says once what it delivers is ready, and its link to them; null for a kind delivered by hand. */
  readonly verify: { readonly delivered: string; readonly viewDelivered: string } | null;
  /** What the delivery e-mail adds after "your N licence keys" ("… and the download are ready"). */
  readonly mailAlsoReady: string;
  /** What the dashboard's licence-key view says instead of keys, for a kind that has none; null when it has keys. */
  readonly keysViewNote: string | null;
  /**
   * What a buyer is told about delivery before paying (product page, checkout's summary and payment step): "Your keys
   * arrive in your dashboard …".
   */
  readonly deliveryPromise: string;
  /** Whether checkout asks for a domain: only for what is issued for one (a certificate). */
  readonly asksForDomain: boolean;
  /** The dashboard tab that holds what its buyer gets, opened first for them ("Keys & downloads" or Certificates). */
  readonly dashboardTab: 'keys' | 'certificates';
  /** Whether the admin's order view offers "Issue certificate" for its orders. */
  readonly issuesCertificate: boolean;
}

/** A kind's facts with its key kept as a literal type (the registry's maps need it). */
export function defineFulfilmentFacts<const Key extends string>(
  facts: FulfilmentKindFacts<Key>,
): FulfilmentKindFacts<Key> {
  return Object.freeze(facts);
}
