import type { ValueTransformer } from 'typeorm';

/** PostgreSQL numeric comes back as a string; dollar amounts fit a double exactly enough at 2 decimals. */
export const numericDollars: ValueTransformer = {
  to: (value: number | null | undefined) => value,
  from: (value: string | null) => (value === null ? null : Number(value)),
};
