// The random tokens behind the e-mail links (confirmation, preferences, one-click unsubscribe):
// 256 random bits, sent only in the e-mail, stored only as their SHA-256. A lookup is by that hash,
// so the time a lookup takes says nothing about the token itself; the row found is still compared
// with the computed hash in constant time before it is trusted.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A new token: 32 random bytes, base64url (43 characters, safe in a URL). */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only well-formed tokens are looked up at all (a cheap refusal of junk). */
export function isTokenShape(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{43}$/.test(value);
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Constant-time equality of two hex hashes. */
export function hashesEqual(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y);
}
