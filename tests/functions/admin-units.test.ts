// The admin's pure parts: CSV writing, the client's retry policy, cursors and search patterns,
// and local demo mode's key file.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { mkdtempSync, readFileSync, statSync, writeFileSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CSV_BOM, csvCell, csvRow, parseCsv } from '../../server/csv.ts';
import { ApiError, RETRY, isRetryable, retryDelay, withRetry } from '../../src/islands/admin/api.ts';
import { containsPattern, decodeCursor, encodeCursor, parseId, parseListQuery } from '../../server/admin/lists.ts';
import { adminKey, demoKey, disableLocalDemo } from '../../server/admin/config.ts';
import { ensureLocalAdminKey } from '../../server/admin/local-key.ts';
import { keyMatches } from '../../server/admin/sessions.ts';
import { adminLockedOut } from '../../src/shared/messages/index.ts';

describe('CSV', () => {
  it('quotes a value with a comma, a quote, CR or LF, doubling inner quotes (RFC 4180)', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('one\ntwo')).toBe('"one\ntwo"');
    expect(csvCell('one\rtwo')).toBe('"one\rtwo"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(-3)).toBe('-3');
    expect(csvRow(['a', 'b,c', null])).toBe('a,"b,c",\r\n');
  });

  it('neutralises formulas: = + - @ tab CR (and their full-width forms) get an apostrophe', () => {
    expect(csvCell('=HYPERLINK("https://evil.example","x")')).toBe(`"'=HYPERLINK(""https://evil.example"",""x"")"`);
    for (const start of ['=', '+', '-', '@', '\t', '＝', '＋', '－', '＠'])
      expect(csvCell(`${start}1`)).toBe(`'${start}1`);
    expect(csvCell('\r=1')).toBe(`"'\r=1"`);
    expect(csvCell('a=1')).toBe('a=1');
    expect(csvCell('')).toBe('');
  });

  it('neutralises a formula start after ; or , inside a cell (a ;-separator spreadsheet splits there)', () => {
    expect(csvCell('z@x.co;=HYPERLINK("http://e")')).toBe(`"z@x.co;'=HYPERLINK(""http://e"")"`);
    expect(csvCell('a,+1;-2,@3;＝4')).toBe(`"a,'+1;'-2,'@3;'＝4"`);
    expect(csvCell('=1;=2')).toBe(`'=1;'=2`);
    // Text where the separator is not followed by a formula start is left alone.
    expect(csvCell('a, -b; c')).toBe('"a, -b; c"');
  });

  it('round-trips any text (after neutralising), any number of rows', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.string({ unit: 'grapheme' }), { minLength: 1, maxLength: 5 }), {
          minLength: 1,
          maxLength: 5,
        }),
        (records) => {
          const width = records[0]!.length;
          const rows = records.map((r) => Array.from({ length: width }, (_, i) => r[i] ?? ''));
          const text = CSV_BOM + rows.map((r) => csvRow(r)).join('');
          const formula = '[=+\\-@\\t\\r\\uFF1D\\uFF0B\\uFF0D\\uFF20]';
          const neutral = (v: string) => {
            const inner = v.replace(new RegExp(`([;,])(?=${formula})`, 'g'), "$1'");
            return new RegExp(`^${formula}`).test(inner) ? `'${inner}` : inner;
          };
          const expected = rows.map((r) => r.map(neutral));
          // A record of one empty cell writes as an empty line, which reads back as one empty cell.
          expect(parseCsv(text)).toEqual(expected);
        },
      ),
    );
  });
});

describe('the dashboard’s retry policy', () => {
  it('waits 1 s, 2 s, 4 s … capped at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
    expect(RETRY.retries).toBe(3);
  });

  it('retries 3 times after a failure that may pass, then gives up', async () => {
    const waits: number[] = [];
    let calls = 0;
    const err = await withRetry(
      async () => {
        calls++;
        throw new ApiError(503);
      },
      undefined,
      async (ms) => {
        waits.push(ms);
      },
    ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(calls).toBe(4);
    expect(waits).toEqual([1000, 2000, 4000]);
  });

  it('succeeds when a retry does', async () => {
    let calls = 0;
    const value = await withRetry(
      async () => {
        if (++calls < 3) throw new ApiError(0);
        return 'ok';
      },
      undefined,
      async () => undefined,
    );
    expect(value).toBe('ok');
    expect(calls).toBe(3);
  });

  it.each([401, 403, 400, 404])('never retries %i', async (status) => {
    let calls = 0;
    await expect(
      withRetry(
        async () => {
          calls++;
          throw new ApiError(status);
        },
        undefined,
        async () => undefined,
      ),
    ).rejects.toBeInstanceOf(ApiError);
    expect(calls).toBe(1);
  });

  it('retries no answer, 5xx, 408 and 429 only', () => {
    expect([0, 408, 429, 500, 502, 503].every((s) => isRetryable(new ApiError(s)))).toBe(true);
    expect([400, 401, 403, 404, 409].some((s) => isRetryable(new ApiError(s)))).toBe(false);
    expect(isRetryable(new Error('boom'))).toBe(false);
  });

  it('stops waiting when aborted', async () => {
    const abort = new AbortController();
    const run = withRetry(async () => {
      throw new ApiError(503);
    }, abort.signal);
    abort.abort();
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('list parameters', () => {
  const url = (query: string) => new URL(`http://x.test/api/admin/contacts?${query}`);

  it('round-trips cursors and refuses forged ones', () => {
    const cursor = { at: '2025-09-01T10:00:00.123456Z', id: '42' };
    expect(decodeCursor(encodeCursor(cursor))).toEqual(cursor);
    for (const bad of [
      '',
      'x',
      encodeCursor({ at: '2025-09-01', id: '1' }),
      encodeCursor({ at: cursor.at, id: '0' }),
      // The right form, but no such instant (Postgres would refuse it with an error).
      encodeCursor({ at: '2025-13-01T10:00:00.000000Z', id: '1' }),
      encodeCursor({ at: '2025-02-31T10:00:00.000000Z', id: '1' }),
      encodeCursor({ at: '0000-01-01T00:00:00.000000Z', id: '1' }),
      Buffer.from(`${cursor.at}|1|2`).toString('base64url'),
    ]) {
      expect(decodeCursor(bad)).toBeUndefined();
    }
  });

  it('reads q (trimmed), cursor and limit, and refuses what is malformed', () => {
    expect(parseListQuery(url(''))).toEqual({ ok: true, query: { q: undefined, cursor: undefined, limit: 50 } });
    expect(parseListQuery(url('q=%20Linen%20&limit=200'))).toEqual({
      ok: true,
      query: { q: 'Linen', cursor: undefined, limit: 200 },
    });
    for (const bad of [
      'limit=0',
      'limit=201',
      'limit=-1',
      'limit=1e2',
      'cursor=%%%',
      'q=a%00b',
      'q=a%0Ab',
      `q=${'x'.repeat(255)}`,
    ]) {
      expect(parseListQuery(url(bad)).ok, bad).toBe(false);
    }
  });

  it('takes LIKE pattern characters literally', () => {
    expect(containsPattern('100%_a\\b')).toBe('%100\\%\\_a\\\\b%');
  });

  it('accepts only ids a bigint can hold', () => {
    expect(parseId('9223372036854775807')).toBe('9223372036854775807');
    for (const bad of [undefined, '', '0', '01', '-1', '1.0', '9223372036854775808', 'abc'])
      expect(parseId(bad)).toBeUndefined();
  });
});

describe('keys', () => {
  it('compares keys exactly', () => {
    expect(keyMatches('a-long-admin-key-123', 'a-long-admin-key-123')).toBe(true);
    expect(keyMatches('a-long-admin-key-12', 'a-long-admin-key-123')).toBe(false);
    expect(keyMatches('', 'a-long-admin-key-123')).toBe(false);
  });

  it('treats a missing or short ADMIN_KEY as not configured', () => {
    expect(adminKey({})).toBeUndefined();
    expect(adminKey({ ADMIN_KEY: 'k7Qx2mPz9LbW4nR' })).toBeUndefined();
    expect(adminKey({ ADMIN_KEY: 'k7Qx2mPz9LbW4nRt' })).toBe('k7Qx2mPz9LbW4nRt');
  });

  it('local demo mode: generates a key once (mode 600), reuses it, and never overrides ADMIN_KEY', () => {
    const saved = process.env.ADMIN_KEY;
    const dir = join(mkdtempSync(join(tmpdir(), 'rt-key-')), 'data');
    try {
      delete process.env.ADMIN_KEY;
      const first = ensureLocalAdminKey(dir);
      expect(first.source).toBe('generated');
      const key = readFileSync(join(dir, 'admin-key'), 'utf8').trim();
      expect(key).toMatch(/^[A-Za-z0-9_-]{24}$/);
      expect(statSync(join(dir, 'admin-key')).mode & 0o777).toBe(0o600);
      expect(process.env.ADMIN_KEY).toBe(key);
      expect(demoKey()).toBe(key);

      delete process.env.ADMIN_KEY;
      chmodSync(join(dir, 'admin-key'), 0o644);
      expect(ensureLocalAdminKey(dir).source).toBe('file');
      expect(process.env.ADMIN_KEY).toBe(key);
      expect(statSync(join(dir, 'admin-key')).mode & 0o777).toBe(0o600);

      // A file too short to be a key is replaced.
      delete process.env.ADMIN_KEY;
      writeFileSync(join(dir, 'admin-key'), 'short\n');
      expect(ensureLocalAdminKey(dir).source).toBe('generated');

      process.env.ADMIN_KEY = 'the-deployment-key-0123456789';
      disableLocalDemo();
      expect(ensureLocalAdminKey(dir).source).toBe('env');
      expect(demoKey()).toBeUndefined();
    } finally {
      disableLocalDemo();
      if (saved === undefined) delete process.env.ADMIN_KEY;
      else process.env.ADMIN_KEY = saved;
    }
  });

  it('says how long a lockout lasts', () => {
    expect(adminLockedOut(900)).toEqual({
      title: 'Too Many Attempts',
      text: 'Too many wrong keys. Please try again in 15 minutes.',
    });
    expect(adminLockedOut(30).text).toBe('Too many wrong keys. Please try again in 1 minute.');
  });
});
