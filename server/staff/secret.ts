// Keyed hashes of the staff secrets kept at rest: invitation tokens, one-time codes, addresses asked
// for a code, passkey tickets. Keyed with a random server secret (migration 011), so the tables alone
// give nothing to test guesses against; compared in constant time.
import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../db/client.ts';
import { serverSecret } from '../admin/server-secret.ts';

export async function staffMac(db: Queryable, purpose: string, value: string): Promise<string> {
  const secret = await serverSecret(db, 'staff_secret');
  return createHmac('sha256', secret).update(`${purpose}\0${value}`).digest('base64url');
}

export function macsEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** 32 random bytes, base64url (43 characters): invitation links and passkey tickets. */
export const newStaffToken = (): string => randomBytes(32).toString('base64url');

/** Six random digits. */
export const newCode = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0');
