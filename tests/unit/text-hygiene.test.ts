/**
 * Free text as common/validation.ts accepts it (issue "Hardening", findings 6 and 8): no control
 * characters (PostgreSQL refuses NUL; the others disguise text), no bidi controls in names, subjects and
 * domains, and a name or subject with nothing visible in it is an empty one. The web app runs the same
 * schemas, so it shows the same messages before sending.
 */
import { z } from 'zod';
import {
  certificateDomainSchema,
  checkoutDetailsSchema,
  guideSearchSchema,
  hasVisibleCharacter,
  MESSAGES,
  profileSchema,
  signUpSchema,
  stripBidiControls,
  ticketSchema,
} from '../../common/validation';

function messages(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

const BIDI = [
  '\u202a',
  '\u202b',
  '\u202c',
  '\u202d',
  '\u202e',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
  '\u200e',
  '\u200f',
  '\u061c',
];
const validSignUp = { fullName: 'Ada Lovelace', email: 'ada@example.com', password: 'Analyt1cal' };
const validTicket = { title: 'Renewal', description: 'Please renew', category: 'RENEWAL' };

describe('stripBidiControls', () => {
  it('removes every bidi embedding, override, isolate and mark, and nothing else', () => {
    expect(stripBidiControls(`a${BIDI.join('')}b`)).toBe('ab');
    const other = 'Zoë 李 \u200d\u200b';
    expect(stripBidiControls(other)).toBe(other);
  });
});

describe('hasVisibleCharacter', () => {
  it.each(['Ada', 'é', 'e\u0301', '李', '١', '🙂', '.', '\u05d0'])('sees %j', (text) => {
    expect(hasVisibleCharacter(text)).toBe(true);
  });

  it.each([
    ['nothing', ''],
    ['spaces of every width', ' \u00a0\u2003\u3000'],
    ['zero-width space, joiners, word joiner, BOM', '\u200b\u200c\u200d\u2060\ufeff'],
    ['bidi controls', BIDI.join('')],
    ['Hangul fillers', '\u3164\u115f\u1160\uffa0'],
    ['a blank braille pattern', '\u2800'],
    ['combining marks alone', '\u0301\u0308'],
    ['a soft hyphen and a variation selector', '\u00ad\ufe0f'],
  ])('sees nothing in %s', (_name, text) => {
    expect(hasVisibleCharacter(text)).toBe(false);
  });
});

describe('full names', () => {
  it.each([
    ['zero-width characters', '\u200b\u200d'],
    ['bidi controls', '\u202e\u202c'],
    ['a Hangul filler', '\u3164'],
  ])('refuses one of only %s as empty', (_name, fullName) => {
    expect(messages(signUpSchema, { ...validSignUp, fullName })).toEqual([MESSAGES.fullNameRequired]);
    expect(messages(profileSchema, { fullName, companyName: '', phone: '' })).toEqual([MESSAGES.fullNameRequired]);
  });

  it('strips bidi controls, then trims', () => {
    expect(signUpSchema.parse({ ...validSignUp, fullName: ' \u202eAda\u202c \u2067Lovelace\u2069 ' }).fullName).toBe(
      'Ada Lovelace',
    );
  });

  it.each([
    ['a NUL', 'Ada\u0000'],
    ['a line break', 'Ada\nLovelace'],
    ['a tab', 'Ada\tLovelace'],
    ['DEL', 'Ada\u007f'],
    ['a C1 control', 'Ada\u0085'],
  ])('refuses %s with one message naming the field', (_name, fullName) => {
    expect(messages(signUpSchema, { ...validSignUp, fullName })).toEqual([MESSAGES.fullNameCharacters]);
  });

  it('keeps a name with joiners between visible characters (emoji sequences, Persian)', () => {
    expect(messages(signUpSchema, { ...validSignUp, fullName: 'Ada 👩\u200d💻' })).toEqual([]);
    expect(messages(signUpSchema, { ...validSignUp, fullName: 'می\u200cخواهم' })).toEqual([]);
  });
});

describe('the other text fields', () => {
  it('company names: control characters refused, bidi controls stripped', () => {
    expect(messages(profileSchema, { fullName: 'Ada', companyName: 'Acme\u0000', phone: '' })).toEqual([
      MESSAGES.companyCharacters,
    ]);
    expect(profileSchema.parse({ fullName: 'Ada', companyName: '\u202eAcme', phone: '' }).companyName).toBe('Acme');
  });

  it('ticket subjects: one line, bidi controls stripped, something visible', () => {
    expect(ticketSchema.parse({ ...validTicket, title: 'Refund \u202eplease\u202c' }).title).toBe('Refund please');
    expect(messages(ticketSchema, { ...validTicket, title: 'Help\u0000' })).toEqual([MESSAGES.subjectCharacters]);
    expect(messages(ticketSchema, { ...validTicket, title: 'Help\nme' })).toEqual([MESSAGES.subjectCharacters]);
    expect(messages(ticketSchema, { ...validTicket, title: '\u200b' })).toEqual([MESSAGES.subjectRequired]);
  });

  it('ticket descriptions: line breaks and tabs kept, other control characters refused', () => {
    expect(ticketSchema.parse({ ...validTicket, description: 'a\r\n\tb' }).description).toBe('a\r\n\tb');
    expect(messages(ticketSchema, { ...validTicket, description: 'a\u0000b' })).toEqual([
      MESSAGES.descriptionCharacters,
    ]);
    expect(messages(ticketSchema, { ...validTicket, description: 'a\u001bb' })).toEqual([
      MESSAGES.descriptionCharacters,
    ]);
  });

  it('guide searches: control characters refused', () => {
    expect(messages(guideSearchSchema, 'nginx\u0000')).toEqual([MESSAGES.guideSearchCharacters]);
    expect(guideSearchSchema.parse('\u202enginx')).toBe('nginx');
  });

  it('domains: bidi controls stripped before the domain rule; a NUL is an invalid domain', () => {
    const details = { productId: '00000000-0000-4000-8000-000000000000', quantity: 1, email: 'ada@example.com' };
    expect(checkoutDetailsSchema.parse({ ...details, domainName: '\u202eexample.com\u202c' }).domainName).toBe(
      'example.com',
    );
    expect(messages(checkoutDetailsSchema, { ...details, domainName: 'exa\u0000mple.com' })).toEqual([
      MESSAGES.invalidDomain,
    ]);
    expect(certificateDomainSchema.parse('\u2066*.example.com\u2069')).toBe('*.example.com');
  });
});
