/**
 * One definition per payment method (docs/adding-a-payment-method.md): the registry of common/ and the server's agree
 * with the GraphQL enum (derived from it: each value is its key), and each method compares addresses in its chain's
 * form. The database's list (orders.payment_method) is compared with the enum in tests/api/enum-checks.test.ts, read
 * from the migrated database's constraints.
 */
import { networkWarning, PAYMENT_METHODS, paymentMethodFacts, WALLET_URI_SCHEMES } from '../../common/payment-methods';
import { PaymentMethod } from '../../server/src/core/enums';
import { methodDefinition, PAYMENT_METHOD_DEFINITIONS } from '../../server/src/payments/methods';

describe('the registry', () => {
  it('defines every PaymentMethod once, on both sides, in the checkout order', () => {
    expect(PAYMENT_METHODS.map((m) => m.key)).toEqual(['USDT_TRC20', 'BTC', 'ETH', 'USDT_ERC20', 'PAYPAL', 'SKRILL']);
    expect(PAYMENT_METHODS.map((m) => m.key).sort()).toEqual(Object.keys(PaymentMethod).sort());
    for (const [key, value] of Object.entries(PaymentMethod)) {
      expect(value).toBe(key);
      expect(paymentMethodFacts(value).key).toBe(key);
      expect(methodDefinition(value).facts.key).toBe(key);
    }
    expect(PAYMENT_METHOD_DEFINITIONS.map((d) => d.facts.key)).toEqual(PAYMENT_METHODS.map((m) => m.key));
  });

  it('keeps PayPal and Skrill listed, never accepted, without a chain', () => {
    for (const key of ['PAYPAL', 'SKRILL'] as const) {
      expect(paymentMethodFacts(key)).toMatchObject({ accepted: false, chain: null, currency: 'USD' });
    }
  });
});

describe('address comparison, per method', () => {
  const key = (method: PaymentMethod, address: string) => methodDefinition(method).addressKey(address);

  it('ETH: hexadecimal, any case', () => {
    expect(key(PaymentMethod.ETH, '0x742d35Cc6634C0532925a3b844Bc454e4438f44e')).toBe(
      '0x742d35cc6634c0532925a3b844bc454e4438f44e',
    );
  });

  it('BTC: bech32 and bech32m lower-cased whatever the prefix, Base58 kept exactly', () => {
    for (const address of [
      'BC1QAR0SRRR7XFKVY5L643LYDNW9RE59GTZZWF5MDQ',
      'TB1QRP33G0Q5C5TXSP9ARYSRX4K6ZDKFS4NCE4XJ0GDCCCEFVPYSXF3Q0SL5K7',
      'BCRT1QN3H68K2U0RR49SKX05QW7VEYNPF4LFPPD2DEMT',
      // A prefix no list of Bitcoin's would name (BIP-173's test vector): bech32 by its checksum.
      'A12UEL5L',
    ]) {
      expect(key(PaymentMethod.BTC, address)).toBe(address.toLowerCase());
    }
    expect(key(PaymentMethod.BTC, '1Et7Ud5hkX5F3hM9XPf6gPNKKr69m1HSSf')).toBe('1Et7Ud5hkX5F3hM9XPf6gPNKKr69m1HSSf');
    // Mixed case is not bech32 (BIP-173), so it is kept and matches nothing lower-cased.
    expect(key(PaymentMethod.BTC, 'bc1qAR0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq')).toBe(
      'bc1qAR0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
    );
  });

  it('USDT (ERC-20): hexadecimal, any case, as ETH (they may share the address)', () => {
    expect(key(PaymentMethod.USDT_ERC20, '0x742d35Cc6634C0532925a3b844Bc454e4438f44e')).toBe(
      key(PaymentMethod.ETH, '0x742d35cc6634c0532925a3b844bc454e4438f44e'),
    );
  });

  it('USDT (TRC-20): Base58, exactly as written', () => {
    expect(key(PaymentMethod.USDT_TRC20, 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE')).toBe(
      'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
    );
  });
});

describe("refund payout addresses (the definition's payoutAddressProblem)", () => {
  const CHECKSUMMED = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045';
  const problem = (method: PaymentMethod, address: string, production: boolean) =>
    methodDefinition(method).payoutAddressProblem!(address, { production });

  it('Ethereum (ETH and USDT on Ethereum): EIP-55 required in production, unchecksummed taken elsewhere', () => {
    for (const method of [PaymentMethod.ETH, PaymentMethod.USDT_ERC20]) {
      for (const unchecksummed of [CHECKSUMMED.toLowerCase(), `0x${CHECKSUMMED.slice(2).toUpperCase()}`]) {
        expect(problem(method, unchecksummed, true)).toBe(
          'has no EIP-55 checksum (it is all in lower or upper case, so a mistyped character would go unnoticed): ' +
            'copy the mixed-case form your wallet shows',
        );
        expect(problem(method, unchecksummed, false)).toBeNull();
      }
      expect(problem(method, CHECKSUMMED, true)).toBeNull();
      // A digits-only address has no letters to carry a checksum: it is its own EIP-55 form.
      expect(problem(method, '0x0000000000000000000000000000000000000001', true)).toBeNull();
      expect(problem(method, CHECKSUMMED.replace('6BF', '6bF'), false)).toMatch(/fails its EIP-55 checksum/);
    }
  });
});

describe('facts the web app shares', () => {
  it('payment URIs: BIP-21, EIP-681, the bare TRON address', () => {
    expect(paymentMethodFacts('BTC').paymentUri('bc1qx', '0.00020000')).toBe('bitcoin:bc1qx?amount=0.0002');
    expect(paymentMethodFacts('ETH').paymentUri('0xab', '0.004001')).toBe('ethereum:0xab?value=4001000000000000');
    expect(paymentMethodFacts('USDT_TRC20').paymentUri('TQn9', '10.000001')).toBe('TQn9');
    // EIP-681's token transfer: the contract (the configured one; Tether's on mainnet without it), the recipient, and
    // the amount in the token's smallest unit.
    expect(paymentMethodFacts('USDT_ERC20').paymentUri('0xab', '10.000001', '0xc0ffee')).toBe(
      'ethereum:0xc0ffee/transfer?address=0xab&uint256=10000001',
    );
    expect(paymentMethodFacts('USDT_ERC20').paymentUri('0xab', '12.5')).toBe(
      'ethereum:0xdAC17F958D2ee523a2206206994597C13D831ec7/transfer?address=0xab&uint256=12500000',
    );
    // Each URI starts with the scheme its definition names (the only ones the web app links to).
    expect(WALLET_URI_SCHEMES).toEqual(['ethereum', 'bitcoin']);
    for (const m of PAYMENT_METHODS) {
      const uri = m.paymentUri('addr', '1.5');
      expect(m.walletUriScheme === null ? uri : uri.split(':')[0]).toBe(m.walletUriScheme ?? 'addr');
    }
  });

  it('explorer links by chain', () => {
    expect(paymentMethodFacts('ETH').chain?.explorerTxUrl('0x1')).toBe('https://etherscan.io/tx/0x1');
    expect(paymentMethodFacts('USDT_TRC20').chain?.explorerTxUrl('ab')).toBe('https://tronscan.org/#/transaction/ab');
    expect(paymentMethodFacts('BTC').chain?.explorerTxUrl('cd')).toBe('https://mempool.space/tx/cd');
    expect(paymentMethodFacts('USDT_ERC20').chain?.explorerTxUrl('0x2')).toBe('https://etherscan.io/tx/0x2');
  });

  it('the network warning beside an address names the coin, the chain and a token standard (issue 31)', () => {
    expect(networkWarning(paymentMethodFacts('USDT_TRC20'))).toBe('Send only USDT on TRON (TRC-20)');
    expect(networkWarning(paymentMethodFacts('USDT_ERC20'))).toBe('Send only USDT on Ethereum (ERC-20)');
    expect(networkWarning(paymentMethodFacts('ETH'))).toBe('Send only ETH on Ethereum');
    expect(networkWarning(paymentMethodFacts('BTC'))).toBe('Send only BTC on Bitcoin');
    expect(networkWarning(paymentMethodFacts('PAYPAL'))).toBeNull();
  });
});
