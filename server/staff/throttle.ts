// The sign-in limits of staff accounts, beside the key's (../admin/throttle.ts, same sliding
// 15-minute windows in rate_limit_hits): every sign-in step without a session (asking for a code,
// entering one, a passkey) counts against the client (an IPv4 address or IPv6 /48), and code
// steps also against the address asked for (a keyed hash, whether or not it is a colleague's).
import type { Db } from '../db/client.ts';
import { clientHash } from '../rate-limit.ts';
import { addHit, retryAfter, LOCKOUT_SECONDS } from '../admin/throttle.ts';
import { staffMac } from './secret.ts';

export const CLIENT_BUCKET = 'staff-sign-in';
export const ACCOUNT_BUCKET = 'staff-sign-in-account';
export const CLIENT_MAX = 30;
export const ACCOUNT_MAX = 10;
export { LOCKOUT_SECONDS };

/** Counts a step; undefined when it may go on, else the seconds to wait. */
export async function staffAttempt(db: Db, ip: string, email?: string): Promise<number | undefined> {
  const checks: [string, string, number][] = [[CLIENT_BUCKET, await clientHash(db, ip, 48), CLIENT_MAX]];
  if (email) checks.push([ACCOUNT_BUCKET, await staffMac(db, 'email', email), ACCOUNT_MAX]);
  for (const [bucket, client, max] of checks) {
    const { total } = await addHit(db, bucket, client);
    if (total > max) return retryAfter(db, bucket, client, max);
  }
  return undefined;
}
