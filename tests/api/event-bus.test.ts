/**
 * The live-update bus over PostgreSQL LISTEN/NOTIFY: what a subscriber that falls behind receives.
 */
import { EventBus, type BusEvent } from '../../server/src/core/event-bus';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
let bus: EventBus;

beforeAll(async () => {
  server = await startTestServer();
  bus = server.app.container.get(EventBus);
});
afterAll(() => server.close());

async function take(iterator: AsyncIterableIterator<BusEvent>, count: number): Promise<string[]> {
  const ids: string[] = [];
  while (ids.length < count) ids.push((await iterator.next()).value.id);
  return ids;
}

describe('event bus', () => {
  it('keeps every event, in order, for a subscriber that reads only after a burst of 3,000', async () => {
    const slow = bus.subscribe('orders');
    const ids = Array.from({ length: 3000 }, (_, i) => `burst-${i}`);
    for (let i = 0; i < ids.length; i += 500) {
      await bus.publish(ids.slice(i, i + 500).map((id) => ({ topic: 'orders' as const, id })));
    }
    expect(await take(slow, ids.length)).toEqual(ids);
    await slow.return!();
  });

  it('delivers one publish of several topics to each topic once, in order, and nothing to others', async () => {
    const mine = bus.subscribe('order:abc');
    const queue = bus.subscribe('orders');
    const products = bus.subscribe('products');
    await bus.publish([
      { topic: 'order:abc', id: 'abc' },
      { topic: 'orders', id: 'abc' },
      { topic: 'order:abc', id: 'abc-2' },
    ]);
    expect(await take(mine, 2)).toEqual(['abc', 'abc-2']);
    expect(await take(queue, 1)).toEqual(['abc']);
    await bus.publish({ topic: 'products', id: 'p' });
    // The products subscriber's first event is the one published to it, not any order event.
    expect(await take(products, 1)).toEqual(['p']);
    await Promise.all([mine.return!(), queue.return!(), products.return!()]);
  });
});
