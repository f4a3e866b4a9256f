// The admin key's strength rule (server/admin/key-strength.ts), which `npm start` and the admin
// functions both apply.
import { describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { estimatedBits, keyWeakness } from '../../server/admin/key-strength.ts';
import { adminKey } from '../../server/admin/config.ts';

describe('admin key strength', () => {
  it.each([
    ['aaaaaaaaaaaaaaaa', /fewer than 8 different characters/],
    ['a'.repeat(64), /fewer than 8 different characters/],
    ['abababababababababababab', /fewer than 8 different characters/],
    ['short-key', /shorter than 16 characters/],
    ['k7Qx2mPz9LbW4nR', /shorter than 16 characters/],
    // A short pattern repeated counts once.
    ['abcdefgh'.repeat(4), /less than 64 bits/],
    ['Password12345678', /less than 64 bits/],
  ])('refuses %j', (key, why) => {
    expect(keyWeakness(key)).toMatch(why);
    expect(adminKey({ ADMIN_KEY: key })).toBeUndefined();
  });

  it('accepts generated keys and the fixtures', () => {
    for (let i = 0; i < 200; i++) {
      const key = randomBytes(32).toString('base64');
      expect(keyWeakness(key), key).toBeUndefined();
      expect(adminKey({ ADMIN_KEY: key })).toBe(key);
    }
    for (const key of ['k7Qx2mPz9LbW4nRt', 'test-admin-key-7c1f0b2e9d4a', 'test-server-key-Qm8rV2xL9pT4wK7z'])
      expect(keyWeakness(key), key).toBeUndefined();
  });

  it('estimates bits as length × per-character entropy over the repeated unit', () => {
    expect(estimatedBits('aaaa')).toBe(0);
    expect(estimatedBits('0123456789abcdef')).toBeCloseTo(64);
    expect(estimatedBits('0123456789abcdef'.repeat(3))).toBeCloseTo(64);
    expect(estimatedBits(randomBytes(32).toString('base64'))).toBeGreaterThan(150);
  });
});
