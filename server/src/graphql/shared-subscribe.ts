import { createSourceEventStream, execute, type DocumentNode, type ExecutionArgs, type ExecutionResult } from 'graphql';
import { can } from '../staff/permissions';
import type { RequestContext } from './context';
import { mapAsyncIterator } from '../core/async-iterators';

type Result = ExecutionResult | Promise<ExecutionResult>;

/** Results per event payload, then per document, then per share key; they live as long as the payload. */
const sharedResults = new WeakMap<object, WeakMap<DocumentNode, Map<string, Result>>>();

/**
 * Which subscribers get the same result for the same event: null when the result may depend on who
 * the subscriber is. For staff whose role reads orders and tickets it depends only on their role, the document and its
 * variables: every access rule in the schema is a permission check (`@Requires`, `@SignedIn`) or `canSeeOrder` /
 * `canSeeTicket`, which are true for such a role whoever owns the order or ticket; the goods of an order (Order.keys)
 * are the one exception, for roles without KEYS (then the key names the subscriber too). Customers, and roles without one of
 * those permissions (whose access to a ticket depends on whether it is theirs), are not shared: each of their events
 * has one subscriber anyway (the order's owner), or a few staff.
 */
function shareKey(args: ExecutionArgs): string | null {
  const { user } = args.contextValue as RequestContext;
  if (!user || !can(user, 'ORDERS_READ') || !can(user, 'TICKETS')) return null;
  // Order.keys and its files (mayHoldGoods) are the owner's or KEYS holders': without KEYS the result depends on
  // whose order it is, so it is shared only with oneself.
  const who = can(user, 'KEYS') ? null : user.id;
  return JSON.stringify([[...user.roles].sort(), who, args.operationName ?? null, args.variableValues ?? null]);
}

function sharedResult(payload: object, args: ExecutionArgs, key: string, run: () => Result): Result {
  let byDocument = sharedResults.get(payload);
  if (!byDocument) sharedResults.set(payload, (byDocument = new WeakMap()));
  let byKey = byDocument.get(args.document);
  if (!byKey) byDocument.set(args.document, (byKey = new Map()));
  let result = byKey.get(key);
  if (!result) byKey.set(key, (result = run()));
  return result;
}

/**
 * graphql-js's `subscribe`, except that subscribers who provably get the same result for an event
 * share one execution of it. The subscription resolvers hand every local subscriber of an event the
 * same payload object (OrderLiveService, the bus's event), so 200 admins watching the queue with the
 * same query cost one execution per change, not 200 (measured: bench/ fan-out, README "Performance").
 * Each subscriber still gets its own event stream and its own permission check at subscribe time.
 */
export async function subscribeSharingResults(
  args: ExecutionArgs,
): Promise<AsyncIterableIterator<ExecutionResult> | ExecutionResult> {
  const stream = await createSourceEventStream(args);
  if (!(Symbol.asyncIterator in stream)) return stream;
  const key = shareKey(args);
  const run = (payload: unknown) => () => execute({ ...args, rootValue: payload });
  return mapAsyncIterator(stream[Symbol.asyncIterator](), (payload: unknown) =>
    key !== null && typeof payload === 'object' && payload !== null
      ? sharedResult(payload, args, key, run(payload))
      : run(payload)(),
  );
}
