import { BLOCK_RULE_LIMITS, BLOCK_RULE_MESSAGES, blockRuleInputSchema } from '../../../common/block-rules';
import { normalizeEmail } from '../accounts/account-records';
import { InputError, parseInput } from '../core/errors';
import { BlockRuleKind } from './block-rule.types';
import { canonicalIp, canonicalRange } from './ip-address';

/** A new rule as it will be stored. */
export interface NewBlockRule {
  kind: BlockRuleKind;
  value: string;
  reason: string | null;
}

/**
 * Checks a new rule and puts its value in the one form rules are stored and matched in, so that two spellings of one
 * rule are one row (and a duplicate): e-mails as accounts store them (normalizeEmail), domains lower-case without `@`,
 * addresses and ranges in Node's canonical text, IPv4-mapped IPv6 as IPv4, ranges cut to their network. Every refusal
 * is BAD_USER_INPUT on `value` (or `reason`) with the kind's message from common/block-rules.ts.
 */
export function parseBlockRule(kind: BlockRuleKind, value: string, reason: string | null | undefined): NewBlockRule {
  const parsed = parseInput(blockRuleInputSchema, { kind, value, reason });
  return { kind, value: canonicalValue(kind, parsed.value), reason: parsed.reason };
}

function canonicalValue(kind: BlockRuleKind, value: string): string {
  switch (kind) {
    case BlockRuleKind.EMAIL:
      return normalizeEmail(value);
    case BlockRuleKind.EMAIL_DOMAIN:
      return value;
    case BlockRuleKind.IP: {
      const ip = canonicalIp(value);
      if (!ip) throw InputError.field('value', BLOCK_RULE_MESSAGES.invalid[kind]);
      return ip.address;
    }
    case BlockRuleKind.CIDR: {
      const range = canonicalRange(value);
      if (!range) throw InputError.field('value', BLOCK_RULE_MESSAGES.invalid[kind]);
      const [min, max, message] =
        range.family === 'ipv4'
          ? [BLOCK_RULE_LIMITS.ipv4MinPrefix, 32, BLOCK_RULE_MESSAGES.ipv4Prefix]
          : [BLOCK_RULE_LIMITS.ipv6MinPrefix, 128, BLOCK_RULE_MESSAGES.ipv6Prefix];
      if (range.prefix < min || range.prefix > max) throw InputError.field('value', message);
      return `${range.address}/${range.prefix}`;
    }
  }
}
