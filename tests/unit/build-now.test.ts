// The build's one "now" (src/shared/publish-time.ts): the clock, or SOURCE_DATE_EPOCH when set.
import { describe, expect, it } from 'vitest';
import { buildNow } from '../../src/shared/publish-time.ts';

describe("the build's now", () => {
  it('is the clock when SOURCE_DATE_EPOCH is unset or empty', () => {
    expect(buildNow({}, () => 1_700_000_000_123).getTime()).toBe(1_700_000_000_123);
    expect(buildNow({ SOURCE_DATE_EPOCH: ' ' }, () => 42).getTime()).toBe(42);
  });

  it('is SOURCE_DATE_EPOCH (whole seconds) when set', () => {
    expect(buildNow({ SOURCE_DATE_EPOCH: '1767225600' }).toISOString()).toBe('2026-01-01T00:00:00.000Z');
  });

  it('refuses a malformed SOURCE_DATE_EPOCH, naming it', () => {
    for (const bad of ['2026-01-01', '-5', '1.5', 'now'])
      expect(() => buildNow({ SOURCE_DATE_EPOCH: bad })).toThrow(/SOURCE_DATE_EPOCH must be whole seconds/);
  });
});
