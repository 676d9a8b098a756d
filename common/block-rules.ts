/**
 * Block rules (docs/product.md "Block rules"): what an admin may block (an e-mail address, an e-mail domain, an IP
 * address or an IP range), the messages of the add form, and the one message a blocked visitor gets. Shared by the API
 * and the admin panel so each text is typed once.
 *
 * The checks here run anywhere (the browser too). Whether an IP address or range is valid is decided by the server
 * alone, with Node's own address parser (server/src/abuse/block-rule-value.ts): the browser has none, and a second,
 * hand-written parser could disagree with it.
 */
import { z } from 'zod';
import { domainSchema, emailSchema, hasControlCharacter, stripBidiControls } from './validation';

/** The kinds, in the order the add form offers them (the GraphQL enum BlockRuleKind). */
export const BLOCK_RULE_KINDS = ['EMAIL', 'EMAIL_DOMAIN', 'IP', 'CIDR'] as const;
export type BlockRuleKindName = (typeof BLOCK_RULE_KINDS)[number];

export const BLOCK_RULE_LIMITS = {
  /** The longest e-mail address; longer than any domain, address or range. */
  value: 255,
  reason: 200,
  /**
   * The widest ranges a rule may block. A /8 is the largest IPv4 block ever allocated and a /16 far wider than any
   * IPv6 allocation; anything wider is a typo that would lock out most of the world (admins included).
   */
  ipv4MinPrefix: 8,
  ipv6MinPrefix: 16,
} as const;

export const BLOCK_RULE_KIND_LABELS: Record<BlockRuleKindName, string> = {
  EMAIL: 'E-mail address',
  EMAIL_DOMAIN: 'E-mail domain',
  IP: 'IP address',
  CIDR: 'IP range (CIDR)',
};

/** What a rule of each kind matches, under the add form's value field. */
export const BLOCK_RULE_KIND_HINTS: Record<BlockRuleKindName, string> = {
  EMAIL: 'This exact address, in any letter case, e.g. name@example.com',
  EMAIL_DOMAIN: 'Every address at this domain and its subdomains, e.g. example.com',
  IP: 'One IPv4 or IPv6 address, e.g. 203.0.113.7 or 2001:db8::1',
  CIDR: 'Every address in the range, e.g. 203.0.113.0/24 or 2001:db8::/32',
};

export const BLOCK_RULE_MESSAGES = {
  /**
   * What a visitor a rule matches is told at sign-up, sign-in, refresh and checkout: not which rule, nor whether an
   * account exists.
   */
  requestBlocked: 'This request cannot be completed. Please contact support if you believe this is a mistake.',
  valueRequired: 'Enter what to block',
  valueTooLong: `The value must be at most ${BLOCK_RULE_LIMITS.value} characters`,
  invalid: {
    EMAIL: 'Enter one e-mail address, such as name@example.com',
    EMAIL_DOMAIN: 'Enter a domain such as example.com: the part of an e-mail address after the @',
    IP: 'Enter one IPv4 or IPv6 address, such as 203.0.113.7 or 2001:db8::1',
    CIDR: 'Enter a range as an address, a slash and a prefix length, such as 203.0.113.0/24 or 2001:db8::/32',
  } satisfies Record<BlockRuleKindName, string>,
  ipv4Prefix: `An IPv4 range needs a prefix length from ${BLOCK_RULE_LIMITS.ipv4MinPrefix} to 32`,
  ipv6Prefix: `An IPv6 range needs a prefix length from ${BLOCK_RULE_LIMITS.ipv6MinPrefix} to 128`,
  duplicate: 'This rule already exists',
  wouldBlockYourself: 'This rule would block you: it matches your own e-mail or IP address',
  wouldBlockAdmin: "This rule matches an admin's e-mail. Revoke their admin role first.",
  reasonTooLong: `The reason must be at most ${BLOCK_RULE_LIMITS.reason} characters`,
  reasonCharacters: 'The reason contains characters that are not allowed',
} as const;

/**
 * An e-mail domain as a rule holds it: trimmed, lower-case, without a leading @ or a trailing dot, a host name of at
 * least two labels (a rule for a bare top-level domain would block a whole country's or company's mail).
 */
function normalizeDomain(value: string): string | null {
  const domain = value.trim().toLowerCase().replace(/^@/, '').replace(/\.$/, '');
  const parsed = domainSchema.safeParse(domain);
  return parsed.success && parsed.data !== null ? parsed.data : null;
}

/**
 * `{ kind, value, reason }` of a new rule, with what can be checked anywhere: the value is required and not too long;
 * an EMAIL value is an e-mail address, an EMAIL_DOMAIN value a domain (normalised); IP and CIDR values are trimmed
 * here and checked by the server. The reason is optional (empty becomes null), one line, at most 200 characters.
 */
export const blockRuleInputSchema = z
  .object({
    kind: z.enum(BLOCK_RULE_KINDS),
    value: z
      .string(BLOCK_RULE_MESSAGES.valueRequired)
      .trim()
      .min(1, { message: BLOCK_RULE_MESSAGES.valueRequired, abort: true })
      .max(BLOCK_RULE_LIMITS.value, { message: BLOCK_RULE_MESSAGES.valueTooLong, abort: true }),
    reason: z
      .string()
      .nullish()
      .transform((v) => stripBidiControls(v ?? '').trim())
      .refine((v) => !hasControlCharacter(v), { message: BLOCK_RULE_MESSAGES.reasonCharacters, abort: true })
      .refine((v) => v.length <= BLOCK_RULE_LIMITS.reason, BLOCK_RULE_MESSAGES.reasonTooLong)
      .transform((v) => (v === '' ? null : v)),
  })
  .transform((rule, ctx) => {
    let value: string | null = rule.value;
    if (rule.kind === 'EMAIL') {
      const parsed = emailSchema.safeParse(rule.value);
      value = parsed.success ? parsed.data.toLowerCase() : null;
    } else if (rule.kind === 'EMAIL_DOMAIN') {
      value = normalizeDomain(rule.value);
    }
    if (value === null) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: BLOCK_RULE_MESSAGES.invalid[rule.kind] });
      return z.NEVER;
    }
    return { ...rule, value };
  });

export type BlockRuleInputValues = z.input<typeof blockRuleInputSchema>;
export type ParsedBlockRuleInput = z.output<typeof blockRuleInputSchema>;
