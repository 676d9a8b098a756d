/**
 * One definition per fulfilment kind (docs/adding-a-fulfilment-kind.md): common/'s facts and the server's handlers
 * agree with the GraphQL enum, and the lists every module asks ("stocked by keys") come from them.
 */
import {
  FULFILMENT_KINDS,
  fulfilmentFacts,
  kindDelivering,
  STOCKED_BY_KEYS as STOCKED_BY_KEYS_KEYS,
} from '../../common/fulfilment-kinds';
import { Fulfilment } from '../../server/src/core/enums';
import { FULFILMENT_HANDLERS, fulfilmentHandler, STOCKED_BY_KEYS } from '../../server/src/fulfilment';

describe('the registry', () => {
  it('defines every Fulfilment once, on both sides, in the editor order', () => {
    expect(FULFILMENT_KINDS.map((k) => k.key)).toEqual(['KEYS', 'DOWNLOAD', 'MANUAL']);
    expect(FULFILMENT_KINDS.map((k) => k.key).sort()).toEqual(Object.keys(Fulfilment).sort());
    for (const [key, value] of Object.entries(Fulfilment)) {
      const handler = fulfilmentHandler(value);
      expect(handler.facts).toBe(fulfilmentFacts(key as keyof typeof Fulfilment));
      expect(handler.kind).toBe(value);
    }
    expect(FULFILMENT_HANDLERS.map((h) => h.facts.key)).toEqual(FULFILMENT_KINDS.map((k) => k.key));
  });

  it('stocks KEYS and DOWNLOAD by keys, in the database spelling for SQL', () => {
    expect(STOCKED_BY_KEYS_KEYS).toEqual(['KEYS', 'DOWNLOAD']);
    expect(STOCKED_BY_KEYS).toEqual([Fulfilment.KEYS, Fulfilment.DOWNLOAD]);
  });
});

describe('each handler', () => {
  it('reserves keys at checkout and delivers them from stock exactly when stocked by keys', () => {
    expect(fulfilmentHandler(Fulfilment.KEYS).keysReservedAtCheckout(3)).toBe(3);
    expect(fulfilmentHandler(Fulfilment.DOWNLOAD).keysReservedAtCheckout(1)).toBe(1);
    expect(fulfilmentHandler(Fulfilment.MANUAL).keysReservedAtCheckout(3)).toBe(0);
    expect(FULFILMENT_HANDLERS.map((h) => [h.facts.key, h.delivery])).toEqual([
      ['KEYS', 'keys-from-stock'],
      ['DOWNLOAD', 'keys-from-stock'],
      ['MANUAL', 'by-admin'],
    ]);
  });

  it('shows the product file on the order for DOWNLOAD only', () => {
    expect(FULFILMENT_HANDLERS.filter((h) => h.showsDownload).map((h) => h.kind)).toEqual([Fulfilment.DOWNLOAD]);
  });
});

describe('what customers and admins read', () => {
  it('labels and editor help', () => {
    expect(FULFILMENT_KINDS.map((k) => k.label)).toEqual([
      'Licence keys',
      'Download + licence key',
      'Delivered by hand',
    ]);
    for (const kind of FULFILMENT_KINDS) expect(kind.helpText).not.toBe('');
  });

  it('/verify names what was delivered, by the kind that delivers it', () => {
    expect(kindDelivering({ keys: true, file: false })?.verify?.viewDelivered).toBe('View your keys');
    expect(kindDelivering({ keys: true, file: true })?.verify?.viewDelivered).toBe('View your keys and download');
    expect(kindDelivering({ keys: false, file: true })).toBeNull();
  });

  it('the delivery mail adds the download for DOWNLOAD; the keys view explains MANUAL', () => {
    expect(FULFILMENT_KINDS.map((k) => k.mailAlsoReady)).toEqual(['', ' and the download', '']);
    expect(FULFILMENT_KINDS.filter((k) => k.keysViewNote !== null).map((k) => k.key)).toEqual(['MANUAL']);
  });
});
