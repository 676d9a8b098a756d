/**
 * The spec's sign-up, sign-in, profile and ticket rules (docs/product.md "Input rules") as common/validation.ts encodes
 * them; the web app and the server both run these schemas.
 */
import { z } from 'zod';
import { MESSAGES, profileSchema, signInSchema, signUpSchema, ticketSchema } from '../../common/validation';

function messages(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

const validSignUp = { fullName: 'Ada Lovelace', email: 'ada@example.com', password: 'Analyt1cal' };

describe('sign-up', () => {
  it('accepts a valid sign-up and trims the name and e-mail', () => {
    expect(signUpSchema.parse({ ...validSignUp, fullName: '  Ada  ', email: ' ada@example.com ' })).toEqual({
      ...validSignUp,
      fullName: 'Ada',
    });
  });

  it.each([
    ['empty full name', { fullName: '' }, MESSAGES.fullNameRequired],
    ['blank full name', { fullName: '   ' }, MESSAGES.fullNameRequired],
    ['full name of 101 characters', { fullName: 'a'.repeat(101) }, MESSAGES.fullNameTooLong],
    ['invalid e-mail', { email: 'ada@' }, MESSAGES.invalidEmail],
    ['e-mail of 256 characters', { email: `${'a'.repeat(244)}@example.com` }, MESSAGES.emailTooLong],
    ['password of 7 characters', { password: 'Abcdef1' }, MESSAGES.passwordMin],
    ['password of 73 characters', { password: `Aa1${'x'.repeat(70)}` }, MESSAGES.passwordMax],
    ['password without an uppercase letter', { password: 'abcdefg1' }, MESSAGES.passwordUpper],
    ['password without a lowercase letter', { password: 'ABCDEFG1' }, MESSAGES.passwordLower],
    ['password without a number', { password: 'Abcdefgh' }, MESSAGES.passwordNumber],
  ])('refuses %s', (_name, change, message) => {
    expect(messages(signUpSchema, { ...validSignUp, ...change })[0]).toBe(message);
  });

  it('accepts the limits themselves: a 100-character name, 8- and 72-character passwords', () => {
    expect(messages(signUpSchema, { ...validSignUp, fullName: 'a'.repeat(100) })).toEqual([]);
    expect(messages(signUpSchema, { ...validSignUp, password: 'Abcdef12' })).toEqual([]);
    expect(messages(signUpSchema, { ...validSignUp, password: `Aa1${'x'.repeat(69)}` })).toEqual([]);
  });

  it('reports every failing field in order', () => {
    expect(messages(signUpSchema, { fullName: '', email: 'x', password: 'short' })).toEqual([
      MESSAGES.fullNameRequired,
      MESSAGES.invalidEmail,
      MESSAGES.passwordMin,
      MESSAGES.passwordUpper,
      MESSAGES.passwordNumber,
    ]);
  });
});

describe('sign-in', () => {
  it('needs a valid e-mail and a password', () => {
    expect(messages(signInSchema, { email: 'ada@example.com', password: 'x' })).toEqual([]);
    expect(messages(signInSchema, { email: 'ada@example.com', password: '' })).toEqual([MESSAGES.passwordRequired]);
    expect(messages(signInSchema, { email: 'nope', password: 'x' })).toEqual([MESSAGES.invalidEmail]);
  });
});

describe('profile', () => {
  it('turns an empty company and phone into null', () => {
    expect(profileSchema.parse({ fullName: ' Ada ', companyName: '  ', phone: '' })).toEqual({
      fullName: 'Ada',
      companyName: null,
      phone: null,
    });
  });

  it.each([
    ['empty full name', { fullName: '' }, MESSAGES.fullNameRequired],
    ['company of 201 characters', { companyName: 'c'.repeat(201) }, MESSAGES.companyTooLong],
    ['phone with letters', { phone: 'call me' }, MESSAGES.phoneInvalid],
    ['phone too short', { phone: '123' }, MESSAGES.phoneInvalid],
  ])('refuses %s', (_name, change, message) => {
    expect(messages(profileSchema, { fullName: 'Ada', companyName: '', phone: '', ...change })[0]).toBe(message);
  });

  it('accepts international phone formats', () => {
    for (const phone of ['+44 20 7946 0958', '(555) 123-4567', '030.1234.5678']) {
      expect(messages(profileSchema, { fullName: 'Ada', companyName: '', phone })).toEqual([]);
    }
  });
});

describe('ticket', () => {
  const valid = { title: 'Install help', description: 'How do I install on Nginx?', category: 'INSTALLATION' };

  it('defaults the priority to medium', () => {
    expect(ticketSchema.parse(valid)).toEqual({ ...valid, priority: 'MEDIUM' });
  });

  it.each([
    ['empty subject', { title: ' ' }, MESSAGES.subjectRequired],
    ['subject of 201 characters', { title: 's'.repeat(201) }, MESSAGES.subjectTooLong],
    ['empty description', { description: '' }, MESSAGES.descriptionRequired],
    ['description of 2001 characters', { description: 'd'.repeat(2001) }, MESSAGES.descriptionTooLong],
    ['missing category', { category: undefined }, MESSAGES.categoryRequired],
    ['unknown category', { category: 'sales' }, MESSAGES.categoryRequired],
    ['unknown priority', { priority: 'critical' }, MESSAGES.invalidPriority],
  ])('refuses %s', (_name, change, message) => {
    expect(messages(ticketSchema, { ...valid, ...change })).toEqual([message]);
  });

  it('accepts every category and priority of the spec', () => {
    for (const category of ['INSTALLATION', 'ORDER', 'RENEWAL', 'TECHNICAL', 'BILLING', 'OTHER']) {
      for (const priority of ['LOW', 'MEDIUM', 'HIGH', 'URGENT']) {
        expect(messages(ticketSchema, { ...valid, category, priority })).toEqual([]);
      }
    }
  });

  it('accepts a 200-character subject and a 2000-character description', () => {
    expect(messages(ticketSchema, { ...valid, title: 's'.repeat(200), description: 'd'.repeat(2000) })).toEqual([]);
  });
});
