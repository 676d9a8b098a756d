/**
 * The refresh token's cookie (docs/architecture.md "Sessions"): httpOnly so scripts cannot read it, SameSite=Lax so
 * cross-site posts do not carry it, path /graphql so it goes nowhere else, Secure over https.
 */
import type { Request, Response } from 'express';

export const REFRESH_COOKIE = 'store_refresh';
export const REFRESH_COOKIE_PATH = '/graphql';
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;

/** The value of cookie `name` in a Cookie header, or null. Malformed encodings count as absent. */
export function readCookie(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) value = value.slice(1, -1);
    try {
      return decodeURIComponent(value);
    } catch {
      return null;
    }
  }
  return null;
}

/** The refresh token the request carries, if any. */
export function readRefreshCookie(req: Request | undefined): string | null {
  return readCookie(req?.headers.cookie, REFRESH_COOKIE);
}

function cookieOptions(req: Request, production: boolean) {
  return {
    httpOnly: true,
    sameSite: 'lax' as const,
    path: REFRESH_COOKIE_PATH,
    // Behind a proxy, req.secure follows X-Forwarded-Proto when TRUST_PROXY trusts it.
    secure: production || req.secure,
  };
}

export function setRefreshCookie(req: Request, res: Response, token: string, production: boolean): void {
  res.cookie(REFRESH_COOKIE, token, { ...cookieOptions(req, production), maxAge: REFRESH_TOKEN_TTL_SECONDS * 1000 });
}

export function clearRefreshCookie(req: Request, res: Response, production: boolean): void {
  res.clearCookie(REFRESH_COOKIE, cookieOptions(req, production));
}
