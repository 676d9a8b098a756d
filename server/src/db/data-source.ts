import { DataSource } from 'typeorm';
import { entities } from './entities';
import { Initial1763700000000 } from './migrations/1763700000000-initial';
import { OrderCounts1763800000000 } from './migrations/1763800000000-order-counts';
import { OrderEngine1763900000000 } from './migrations/1763900000000-order-engine';
import { Notifications1764000000000 } from './migrations/1764000000000-notifications';
import { Webhooks1764100000000 } from './migrations/1764100000000-webhooks';
import { DomainEventDispatch1764200000000 } from './migrations/1764200000000-domain-event-dispatch';
import { KeyInventory1764300000000 } from './migrations/1764300000000-key-inventory';
import { KeyDelivery1764400000000 } from './migrations/1764400000000-key-delivery';
import { ChainPayments1764500000000 } from './migrations/1764500000000-chain-payments';
import { SupportDesk1764600000000 } from './migrations/1764600000000-support-desk';
import { ProductImages1764700000000 } from './migrations/1764700000000-product-images';
import { CustomersAndSales1764800000000 } from './migrations/1764800000000-customers-and-sales';
import { JobWorkerHeartbeats1764900000000 } from './migrations/1764900000000-job-worker-heartbeats';
import { GuidesNotify1765000000000 } from './migrations/1765000000000-guides-notify';
import { BlockRules1765100000000 } from './migrations/1765100000000-block-rules';
import { Captcha1765200000000 } from './migrations/1765200000000-captcha';
import { KeyReservations1765300000000 } from './migrations/1765300000000-key-reservations';
import { ChainRecordsByMethod1765400000000 } from './migrations/1765400000000-chain-records-by-method';
import { KeyFingerprintsNormalized1765500000000 } from './migrations/1765500000000-key-fingerprints-normalized';
import { EnumOneSpelling1765600000000 } from './migrations/1765600000000-enum-one-spelling';
import { ExchangeRates1765700000000 } from './migrations/1765700000000-exchange-rates';
import { QuoteLock1765800000000 } from './migrations/1765800000000-quote-lock';
import { AccountTokens1765900000000 } from './migrations/1765900000000-account-tokens';
import { OrderSearch1766000000000 } from './migrations/1766000000000-order-search';
import { BtcOrderAddresses1766100000000 } from './migrations/1766100000000-btc-order-addresses';
import { UsdtErc20Method1766200000000 } from './migrations/1766200000000-usdt-erc20';
import { Refunds1766400000000 } from './migrations/1766400000000-refunds';
import { PaymentReorgs1766500000000 } from './migrations/1766500000000-payment-reorgs';
import { StaffRoles1766300000000 } from './migrations/1766300000000-staff-roles';
import { StoreSettings1766700000000 } from './migrations/1766700000000-store-settings';
import { TwoFactor1766800000000 } from './migrations/1766800000000-two-factor';
import { ApiKeysAndAuditLog1766900000000 } from './migrations/1766900000000-api-keys-and-audit-log';
import { Passkeys1767000000000 } from './migrations/1767000000000-passkeys';
import { AuditLogAlwaysAppendOnly1767100000000 } from './migrations/1767100000000-audit-log-always-append-only';
import { SecondFactorReview1767300000000 } from './migrations/1767300000000-second-factor-review';

/** All migrations in order; run at start (`synchronize` is never used). */
export const migrations = [
  Initial1763700000000,
  OrderCounts1763800000000,
  OrderEngine1763900000000,
  Notifications1764000000000,
  Webhooks1764100000000,
  DomainEventDispatch1764200000000,
  KeyInventory1764300000000,
  KeyDelivery1764400000000,
  ChainPayments1764500000000,
  SupportDesk1764600000000,
  ProductImages1764700000000,
  CustomersAndSales1764800000000,
  JobWorkerHeartbeats1764900000000,
  GuidesNotify1765000000000,
  BlockRules1765100000000,
  Captcha1765200000000,
  KeyReservations1765300000000,
  ChainRecordsByMethod1765400000000,
  KeyFingerprintsNormalized1765500000000,
  EnumOneSpelling1765600000000,
  ExchangeRates1765700000000,
  QuoteLock1765800000000,
  AccountTokens1765900000000,
  OrderSearch1766000000000,
  BtcOrderAddresses1766100000000,
  UsdtErc20Method1766200000000,
  StaffRoles1766300000000,
  Refunds1766400000000,
  PaymentReorgs1766500000000,
  StoreSettings1766700000000,
  TwoFactor1766800000000,
  ApiKeysAndAuditLog1766900000000,
  Passkeys1767000000000,
  AuditLogAlwaysAppendOnly1767100000000,
  SecondFactorReview1767300000000,
];

export interface DataSourceOptions {
  url: string;
  poolSize?: number;
  logging?: boolean;
}

/** A TypeORM data source for one PostgreSQL database. */
export function createDataSource({ url, poolSize = 20, logging = false }: DataSourceOptions): DataSource {
  return new DataSource({
    type: 'postgres',
    url,
    entities,
    migrations,
    migrationsRun: false,
    synchronize: false,
    logging,
    extra: { max: poolSize, application_name: 'crypto-store' },
  });
}
