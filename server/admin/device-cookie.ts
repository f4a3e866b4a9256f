// A browser that has logged in with the right key before carries a device cookie: a random id and
// its HMAC keyed with ADMIN_KEY (so nobody without the key can make one, and changing the key voids
// them all). Its log-ins are throttled per device instead of per address and pass the global
// ceiling (throttle.ts), so a neighbour on the owner's shared address, or a flood of wrong keys from
// everywhere, cannot lock the owner's own browser out. It opens nothing by itself: the key is still
// required, and the device gets its own 5 wrong keys per 15 minutes.
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { cookieValues } from './sessions.ts';

export const DEVICE_COOKIE = '__Host-rt_admin_device';
export const DEVICE_MAX_AGE_SECONDS = 180 * 24 * 60 * 60;

const VALUE = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

function mac(key: string, id: string): string {
  return createHmac('sha256', key).update(`device:${id}`).digest('base64url');
}

/** A Set-Cookie value for a new device cookie. */
export function newDeviceCookie(key: string): string {
  const id = randomBytes(16).toString('base64url');
  return `${DEVICE_COOKIE}=${id}.${mac(key, id)}; Path=/; Max-Age=${DEVICE_MAX_AGE_SECONDS}; HttpOnly; Secure; SameSite=Strict`;
}

/** A stable name for the request's device when its cookie is one we made with `key`, else undefined. */
export function knownDevice(req: Request, key: string): string | undefined {
  for (const value of cookieValues(req, DEVICE_COOKIE)) {
    const match = VALUE.exec(value);
    if (!match) continue;
    const [, id = '', given = ''] = match;
    if (timingSafeEqual(Buffer.from(given), Buffer.from(mac(key, id)))) {
      return 'device:' + createHash('sha256').update(id).digest('base64url');
    }
  }
  return undefined;
}
