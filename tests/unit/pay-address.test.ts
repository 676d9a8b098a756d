/**
 * The receiving addresses are checked at start (each method's address.ts in server/src/payments/methods/, called by
 * loadConfig), so
 * a mistyped one stops the server with the variable and the reason. The checks are tried on the published test
 * vectors: EIP-55's (ethereum/ERCs, erc-55.md "Test Cases"), BIP-173's and BIP-350's valid and invalid segwit
 * addresses (bitcoin/bips, bip-0350.mediawiki "Test vectors", which also lists BIP-173's corrected ones), well-known
 * Base58Check Bitcoin addresses, and the USDT contract on TRON.
 */
import { loadConfig } from '../../server/src/config';
import { btcAddressProblem, decodeBtcAddress } from '../../server/src/payments/methods/btc/address';
import { ethAddressProblem, ethAddressWarning } from '../../server/src/payments/methods/eth/address';
import { tronAddressProblem } from '../../server/src/payments/methods/usdt-trc20/address';
import { TEST_ADDRESSES } from '../support/fixtures';

const PRODUCTION = { production: true };
/** `text` matched literally in a RegExp. */
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const DEVELOPMENT = { production: false };

/** The scriptPubKey a segwit address pays: OP_0 or OP_1…OP_16, the program's length, the program. */
function witnessScript(address: string): string {
  const { witnessVersion, program } = decodeBtcAddress(address);
  const op = witnessVersion === 0 ? 0 : 0x50 + witnessVersion!;
  return Buffer.from([op, program.length, ...program]).toString('hex');
}

describe('PAY_ADDRESS_ETH (EIP-55)', () => {
  // EIP-55's test cases: all caps, all lower, and mixed ("normal"), each its own checksummed form.
  const EIP55 = [
    '0x52908400098527886E0F7030069857D2E4169EE7',
    '0x8617E340B3D01FA5F11F306F4090FD50E238070D',
    '0xde709f2102306220921060314715629080e2fb77',
    '0x27b1fdb04752bbc536007a920d24acb045561c26',
    '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
    '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
    '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
  ];

  it.each(EIP55)('takes %s everywhere: it is its own checksummed form', (address) => {
    expect(ethAddressProblem(address, PRODUCTION)).toBeNull();
    expect(ethAddressProblem(address, DEVELOPMENT)).toBeNull();
  });

  it.each(EIP55.slice(4))('refuses %s with one letter in the other case: the checksum fails', (address) => {
    const i = address.search(/[a-f]/i);
    const flipped = address[i] === address[i].toLowerCase() ? address[i].toUpperCase() : address[i].toLowerCase();
    const typo = `${address.slice(0, i)}${flipped}${address.slice(i + 1)}`;
    expect(ethAddressProblem(typo, DEVELOPMENT)).toMatch(/fails its EIP-55 checksum/);
    expect(ethAddressProblem(typo, PRODUCTION)).toMatch(/fails its EIP-55 checksum/);
  });

  it('refuses a mixed-case address with a mistyped digit (the checksum no longer fits it)', () => {
    const typo = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAee';
    expect(ethAddressProblem(typo, DEVELOPMENT)).toMatch(/fails its EIP-55 checksum/);
  });

  it('takes a lower- or upper-case address (no checksum) everywhere, with a warning', () => {
    for (const address of [EIP55[4].toLowerCase(), `0x${EIP55[4].slice(2).toUpperCase()}`]) {
      expect(ethAddressProblem(address, DEVELOPMENT)).toBeNull();
      expect(ethAddressProblem(address, PRODUCTION)).toBeNull();
      expect(ethAddressWarning(address)).toBe(
        'has no EIP-55 checksum (it is all lower or all upper case, so a typo in it would go unnoticed): taken as it ' +
          'is; check it against your wallet and set the mixed-case form your wallet shows',
      );
    }
    // Checksummed (EIP-55's own all-caps and all-lower cases among them), or not an address: no warning.
    for (const address of [...EIP55, '0x1234']) expect(ethAddressWarning(address)).toBeNull();
  });

  it.each([
    ['too short', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAe'],
    ['not hex', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeZ'],
    ['without 0x', '5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'],
    ['a TRON address', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'],
  ])('refuses what is not an address: %s', (_what, address) => {
    expect(ethAddressProblem(address, DEVELOPMENT)).toBe('is not an Ethereum address (0x and 40 hexadecimal digits)');
  });
});

describe('PAY_ADDRESS_USDT_TRC20 (Base58Check, 0x41)', () => {
  it('takes the USDT contract and the test store address', () => {
    expect(tronAddressProblem('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBeNull();
    expect(tronAddressProblem(TEST_ADDRESSES.USDT_TRC20)).toBeNull();
  });

  it('refuses one mistyped character (the checksum fails)', () => {
    expect(tronAddressProblem('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u')).toBe(
      'fails its Base58Check checksum (a character is mistyped)',
    );
    expect(tronAddressProblem('TXYZqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).not.toBeNull();
  });

  it('refuses characters Base58 leaves out', () => {
    expect(tronAddressProblem('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj60')).toBe(
      'is not Base58 (a TRON address has no 0, O, I or l)',
    );
  });

  it("refuses a valid Base58Check of another kind (a Bitcoin address): not TRON's 0x41 and 21 bytes", () => {
    expect(tronAddressProblem('1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa')).toBe(
      'is not a TRON address (Base58Check of 21 bytes starting 0x41, written T… in 34 characters)',
    );
  });
});

describe('PAY_ADDRESS_BTC: segwit (BIP-173, BIP-350)', () => {
  // BIP-350's valid segwit addresses and the scriptPubKeys they pay.
  const VALID: [string, string][] = [
    ['BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4', '0014751e76e8199196d454941c45d1b3a323f1433bd6'],
    [
      'tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7',
      '00201863143c14c5166804bd19203356da136c985678cd4d27a1b8c6329604903262',
    ],
    [
      'bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kt5nd6y',
      '5128751e76e8199196d454941c45d1b3a323f1433bd6751e76e8199196d454941c45d1b3a323f1433bd6',
    ],
    ['BC1SW50QGDZ25J', '6002751e'],
    ['bc1zw508d6qejxtdg4y5r3zarvaryvaxxpcs', '5210751e76e8199196d454941c45d1b3a323'],
    [
      'tb1qqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesrxh6hy',
      '0020000000c4a5cad46221b2a187905e5266362b99d5e91c6ce24d165dab93e86433',
    ],
    [
      'tb1pqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesf3hn0c',
      '5120000000c4a5cad46221b2a187905e5266362b99d5e91c6ce24d165dab93e86433',
    ],
    [
      'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0',
      '512079be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798',
    ],
  ];

  it.each(VALID)('decodes %s to the scriptPubKey BIP-350 gives', (address, script) => {
    expect(witnessScript(address)).toBe(script);
  });

  // BIP-173's invalid addresses, BIP-350's, and BIP-173's valid v1+ ones that BIP-350 made invalid (bech32, not m).
  const INVALID = [
    'tc1qw508d6qejxtdg4y5r3zarvary0c5xw7kg3g4ty',
    'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5',
    'BC13W508D6QEJXTDG4Y5R3ZARVARY0C5XW7KN40WF2',
    'bc1rw5uspcuh',
    'bc10w508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kw5rljs90',
    'BC1QR508D6QEJXTDG4Y5R3ZARVARYV98GJ9P',
    'tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sL5k7',
    'bc1zw508d6qejxtdg4y5r3zarvaryvqyzf3du',
    'tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3pjxtptv',
    'bc1gmk9yu',
    'tc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq5zuyut',
    'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd',
    'tb1z0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqglt7rf',
    'BC1S0XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ54WELL',
    'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh',
    'tb1q0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq24jc47',
    'bc1p38j9r5y49hruaue7wxjce0updqjuyyx0kh56v8s25huc6995vvpql3jow4',
    'BC130XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ7ZWS8R',
    'bc1pw5dgrnzv',
    'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v8n0nx0muaewav253zgeav',
    'tb1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq47Zagq',
    'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v07qwwzcrf',
    'tb1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vpggkg4j',
    'bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7k7grplx',
    'BC1SW50QA3JX3S',
    'bc1zw508d6qejxtdg4y5r3zarvaryvg6kdaj',
  ];

  it.each(INVALID)('refuses %s', (address) => {
    expect(() => decodeBtcAddress(address)).toThrow();
    expect(btcAddressProblem(address, DEVELOPMENT)).not.toBeNull();
  });

  it('says why, in words an operator can act on', () => {
    const problem = (address: string) => btcAddressProblem(address, DEVELOPMENT);
    expect(problem('bc1qtypo0000')).toBe(
      'fails its bech32 checksum (a character is mistyped, or is one bech32 leaves out)',
    );
    expect(problem('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5')).toMatch(/fails its bech32 checksum/);
    expect(problem('tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sL5k7')).toBe(
      'mixes upper and lower case, which bech32 does not allow',
    );
    expect(problem('bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd')).toBe(
      'uses the wrong checksum for witness version 1 (BIP-350: bech32 for version 0, bech32m for 1 and up)',
    );
    expect(problem('BC1QR508D6QEJXTDG4Y5R3ZARVARYV98GJ9P')).toBe(
      'has a version 0 witness program of 16 bytes; it must be 20 or 32 (BIP-141)',
    );
    expect(problem('tc1qw508d6qejxtdg4y5r3zarvary0c5xw7kg3g4ty')).toBe(
      "is not a Bitcoin address: its prefix tc1 is not bc1, tb1 or bcrt1 (another coin's?)",
    );
  });

  it('refuses versions no wallet can spend yet (a payment would be lost), though valid to send to', () => {
    for (const address of ['BC1SW50QGDZ25J', 'bc1zw508d6qejxtdg4y5r3zarvaryvaxxpcs']) {
      expect(btcAddressProblem(address, DEVELOPMENT)).toMatch(/no wallet can spend yet: a payment to it would be lost/);
    }
    // Version 1 of 40 bytes is not taproot (32).
    expect(
      btcAddressProblem('bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kt5nd6y', DEVELOPMENT),
    ).toMatch(/witness version 1 address of 40 bytes/);
  });

  it('takes P2WPKH, P2WSH and taproot on mainnet everywhere; test networks outside production only', () => {
    for (const address of [
      TEST_ADDRESSES.BTC,
      'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4',
      'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0',
    ]) {
      expect(btcAddressProblem(address, PRODUCTION)).toBeNull();
    }
    expect(decodeBtcAddress('bcrt1qn3h68k2u0rr49skx05qw7veynpf4lfppd2demt').network).toBe('regtest');
    for (const address of [
      'tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7',
      'tb1pqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesf3hn0c',
      'bcrt1qn3h68k2u0rr49skx05qw7veynpf4lfppd2demt',
    ]) {
      expect(btcAddressProblem(address, DEVELOPMENT)).toBeNull();
      expect(btcAddressProblem(address, PRODUCTION)).toMatch(
        /^is a (testnet|regtest) address; production takes mainnet addresses only \(bc1…, 1…, 3…\)$/,
      );
    }
  });
});

describe('PAY_ADDRESS_BTC: Base58Check (P2PKH, P2SH)', () => {
  it.each([
    // The genesis block's address, and the P2SH example of the Bitcoin wiki.
    ['1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', 'mainnet', 'p2pkh', '62e907b15cbf27d5425399ebf6f0fb50ebb88f18'],
    ['3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy', 'mainnet', 'p2sh', 'b472a266d0bd89c13706a4132ccfb16f7c3b9fcb'],
    ['mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn', 'testnet', 'p2pkh', '243f1394f44554f4ce3fd68649c19adc483ce924'],
  ])('decodes %s: %s %s of %s', (address, network, kind, hash) => {
    const decoded = decodeBtcAddress(address);
    expect(decoded).toMatchObject({ network, kind });
    expect(Buffer.from(decoded.program).toString('hex')).toBe(hash);
  });

  it('takes mainnet ones everywhere, testnet ones outside production only', () => {
    expect(btcAddressProblem('1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', PRODUCTION)).toBeNull();
    expect(btcAddressProblem('3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy', PRODUCTION)).toBeNull();
    expect(btcAddressProblem('2MzQwSSnBHWHqSAqtTVQ6v47XtaisrJa1Vc', DEVELOPMENT)).toBeNull();
    expect(btcAddressProblem('mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn', PRODUCTION)).toMatch(/is a testnet address/);
  });

  it('refuses a mistyped character, and Base58Check of another kind', () => {
    expect(btcAddressProblem('1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb', DEVELOPMENT)).toBe(
      'fails its Base58Check checksum (a character is mistyped)',
    );
    expect(btcAddressProblem('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', DEVELOPMENT)).toBe(
      'is not a Bitcoin address (Base58Check, but not a P2PKH or P2SH one)',
    );
    expect(btcAddressProblem('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', DEVELOPMENT)).toBe(
      'is not a Bitcoin address (neither bech32 nor Base58)',
    );
  });
});

describe('the server refuses to start with a mistyped address, in every NODE_ENV', () => {
  const KEY = Buffer.alloc(32, 1).toString('base64');
  const ENVS = {
    development: { NODE_ENV: 'development' },
    test: { NODE_ENV: 'test' },
    production: { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32), KEYS_ENCRYPTION_KEY: KEY },
  };

  it.each(Object.keys(ENVS) as (keyof typeof ENVS)[])('%s: names the variable, the value and the reason', (name) => {
    const env = ENVS[name];
    const refused = (variable: string, value: string) => () => loadConfig({ ...env, [variable]: value });
    expect(refused('PAY_ADDRESS_USDT_TRC20', 'TXYZqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toThrow(
      'Invalid environment:\n  PAY_ADDRESS_USDT_TRC20: TXYZqjeKQxGTCi8q8ZY4pL8otSzgjLj6t fails its Base58Check checksum',
    );
    expect(refused('PAY_ADDRESS_BTC', 'bc1qtypo0000')).toThrow(
      'Invalid environment:\n  PAY_ADDRESS_BTC: bc1qtypo0000 fails its bech32 checksum',
    );
    expect(refused('PAY_ADDRESS_ETH', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD')).toThrow(
      'Invalid environment:\n  PAY_ADDRESS_ETH: 0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD fails its EIP-55 checksum',
    );
    expect(refused('USDT_TRC20_CONTRACT', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u')).toThrow(
      'USDT_TRC20_CONTRACT: TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u fails its Base58Check checksum',
    );
  });

  // One bad value of each kind the checks know, each stopping the start with its variable named (issue 28, item 3).
  it.each([
    ['PAY_ADDRESS_ETH', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAe', 'is not an Ethereum address'],
    ['PAY_ADDRESS_USDT_ERC20', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD', 'fails its EIP-55 checksum'],
    ['PAY_ADDRESS_USDT_ERC20', 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE', 'is not an Ethereum address'],
    ['USDT_ERC20_CONTRACT', '0xdAC17F958D2ee523a2206206994597C13D831eC7', 'fails its EIP-55 checksum'],
    ['USDT_ERC20_CONTRACT', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', 'is not an Ethereum address'],
    ['PAY_ADDRESS_USDT_TRC20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj60', 'is not Base58'],
    ['PAY_ADDRESS_USDT_TRC20', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', 'is not a TRON address'],
    ['PAY_ADDRESS_BTC', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5', 'fails its bech32 checksum'],
    [
      'PAY_ADDRESS_BTC',
      'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd',
      'uses the wrong checksum for witness version 1',
    ],
    ['PAY_ADDRESS_BTC', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb', 'fails its Base58Check checksum'],
    ['PAY_ADDRESS_BTC', 'mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn', 'is a testnet address; production takes mainnet'],
  ])('production: %s=%s is refused (%s)', (variable, value, reason) => {
    expect(() => loadConfig({ ...ENVS.production, [variable]: value })).toThrow(
      `Invalid environment:\n  ${variable}: ${value} ${reason}`,
    );
  });

  it('lists every bad address at once', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', PAY_ADDRESS_BTC: 'bc1qtypo0000', PAY_ADDRESS_ETH: '0x1234' })).toThrow(
      /PAY_ADDRESS_ETH: 0x1234 is not an Ethereum address[^]*\n {2}PAY_ADDRESS_BTC: bc1qtypo0000 fails/,
    );
  });

  it('starts with the test addresses in every NODE_ENV (the ETH one is checksummed)', () => {
    for (const env of Object.values(ENVS)) {
      const config = loadConfig({
        ...env,
        PAY_ADDRESS_USDT_TRC20: TEST_ADDRESSES.USDT_TRC20,
        PAY_ADDRESS_BTC: TEST_ADDRESSES.BTC,
        PAY_ADDRESS_ETH: TEST_ADDRESSES.ETH,
      });
      expect(config.payAddresses).toEqual(TEST_ADDRESSES);
    }
  });

  it.each(Object.keys(ENVS) as (keyof typeof ENVS)[])(
    '%s: takes lower-case Ethereum addresses (no checksum) with a warning naming each variable',
    (name) => {
      const lower = '0x00000000000000000000000000000000000051a7';
      const contract = '0xdac17f958d2ee523a2206206994597c13d831ec7';
      const config = loadConfig({
        ...ENVS[name],
        PAY_ADDRESS_ETH: lower,
        PAY_ADDRESS_USDT_ERC20: lower,
        USDT_ERC20_CONTRACT: contract,
      });
      expect(config.payAddresses).toMatchObject({ ETH: lower, USDT_ERC20: lower });
      expect(config.paymentMethods.USDT_ERC20.token).toBe(contract);
      const warning = 'has no EIP-55 checksum (it is all lower or all upper case, so a typo in it would go unnoticed)';
      expect(config.settingWarnings).toEqual([
        expect.stringMatching(new RegExp(`^PAY_ADDRESS_ETH: ${lower} ${escape(warning)}`)),
        expect.stringMatching(new RegExp(`^PAY_ADDRESS_USDT_ERC20: ${lower} ${escape(warning)}`)),
        expect.stringMatching(new RegExp(`^USDT_ERC20_CONTRACT: ${contract} ${escape(warning)}`)),
      ]);
      // Checksummed, nothing to say; the contract defaults to Tether's on mainnet.
      const checksummed = loadConfig({ ...ENVS[name], PAY_ADDRESS_ETH: TEST_ADDRESSES.ETH });
      expect(checksummed.settingWarnings).toEqual([]);
      expect(checksummed.paymentMethods.USDT_ERC20.token).toBe('0xdAC17F958D2ee523a2206206994597C13D831ec7');
    },
  );
});
