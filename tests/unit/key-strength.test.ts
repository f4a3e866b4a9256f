// The admin key's strength rule (server/admin/key-strength.ts), which `npm start` and the admin
// functions both apply: zxcvbn's estimate must reach 10^20 guesses.
import { describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { keyWeakness } from '../../server/admin/key-strength.ts';
import { adminKey } from '../../server/admin/config.ts';

describe('admin key strength', () => {
  it.each([
    ['short-key', /shorter than 16 characters/],
    ['k7Qx2mPz9LbW4nR', /shorter than 16 characters/],
    ['aaaaaaaaaaaaaaaa', /could be guessed in about 10\^\d+ tries/],
    ['abcdefgh'.repeat(4), /could be guessed/],
    ['Password12345678', /could be guessed/],
    // What the second audit found accepted: sequences, keyboard rows, words and dates.
    ['abcdefghijklmnop', /could be guessed/],
    ['qwertyuiopasdfgh', /could be guessed/],
    ['Password123!Password', /could be guessed/],
    ['RootedThreads!2026', /could be guessed/],
    ['correcthorsebatterystaple', /could be guessed/],
  ])('refuses %j', (key, why) => {
    expect(keyWeakness(key)).toMatch(why);
    expect(adminKey({ ADMIN_KEY: key })).toBeUndefined();
  });

  it('accepts generated keys and the fixtures', () => {
    for (let i = 0; i < 2; i++) {
      const key = randomBytes(32).toString('base64');
      expect(keyWeakness(key), key).toBeUndefined();
      expect(adminKey({ ADMIN_KEY: key })).toBe(key);
    }
    for (let i = 0; i < 8; i++) {
      const key = randomBytes(18).toString('base64url');
      expect(keyWeakness(key), key).toBeUndefined();
    }
    for (const key of ['test-admin-key-7c1f0b2e9d4a', 'test-server-key-Qm8rV2xL9pT4wK7z'])
      expect(keyWeakness(key), key).toBeUndefined();
  });
});
