import { displayName } from '../../web/src/auth/display-name';
import { formatDate } from '../../web/src/format/date';

describe('display name (docs/product.md "Navigation")', () => {
  it('prefers the full name, then the e-mail before @, then "User"', () => {
    expect(displayName({ email: 'ada@example.com', profile: { fullName: '  Ada Lovelace ' } })).toBe('Ada Lovelace');
    expect(displayName({ email: 'ada@example.com', profile: { fullName: '' } })).toBe('ada');
    expect(displayName({ email: 'ada@example.com', profile: null })).toBe('ada');
    expect(displayName({ email: '', profile: { fullName: null } })).toBe('User');
    expect(displayName(null)).toBe('User');
  });
});

describe("dates as 'MMM dd, yyyy'", () => {
  it('formats ISO strings and dates, and leaves missing ones empty', () => {
    expect(formatDate('2026-11-05T10:00:00.000Z')).toBe('Nov 05, 2026');
    expect(formatDate(new Date(2027, 0, 9))).toBe('Jan 09, 2027');
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
});
