import { safeRedirectPath, signInPath } from '../../web/src/auth/redirect';

describe('after-sign-in redirect (open-redirect guard)', () => {
  it('follows paths on this site, with their query and hash', () => {
    expect(safeRedirectPath('/support')).toBe('/support');
    expect(safeRedirectPath('/checkout?product=ssl-certificates')).toBe('/checkout?product=ssl-certificates');
    expect(safeRedirectPath('/verify?order=abc#details')).toBe('/verify?order=abc#details');
  });

  it('refuses absolute, protocol-relative and disguised off-site targets', () => {
    for (const target of [
      'https://evil.example/phish',
      '//evil.example',
      '/\\evil.example',
      '/\t/evil.example',
      'javascript:alert(1)',
      'support',
      '',
      null,
      undefined,
    ]) {
      expect(safeRedirectPath(target)).toBeNull();
    }
  });

  it('refuses the sign-in page itself (a signed-in visitor would bounce forever)', () => {
    expect(safeRedirectPath('/auth')).toBeNull();
    expect(safeRedirectPath('/auth?redirect=%2Fauth')).toBeNull();
  });

  it('builds the sign-in address that returns to a page', () => {
    expect(signInPath('/checkout?product=dv')).toBe('/auth?redirect=%2Fcheckout%3Fproduct%3Ddv');
  });
});
