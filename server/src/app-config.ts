import type { Config } from './config';

/** The config once boot has resolved the JWT secret (generated into DATA_DIR outside production). */
export type ResolvedConfig = Config & { readonly jwtSecret: string };

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
