import type { Config } from './config';
import type { Secrets } from './secrets';

/** The config once boot has resolved the secrets (generated into DATA_DIR outside production: secrets.ts). */
export type ResolvedConfig = Config & Readonly<Secrets>;

// Declaration merging gives the class the config's fields.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-unsafe-declaration-merging
export interface AppConfig extends ResolvedConfig {}

/** The config as an injectable class: services ask for `AppConfig` in their constructor. */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export class AppConfig {
  constructor(values: ResolvedConfig) {
    Object.assign(this, values);
    Object.freeze(this);
  }
}
