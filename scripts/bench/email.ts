// Part 5: the e-mail rule on pathological input, next to a normal address, measured side by side
// in this run: the validator alone (and the old pattern, for what the fix avoids) and one POST
// /api/signups through the `npm start` server. The figure that matters is the ratio: about 1 means
// a crafted address costs what a normal one does.
import { validateSignup } from '../../src/shared/form-schemas.ts';

/** The pattern the rule used before: it backtracks quadratically on `a@` + dots + `@`. */
const OLD_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const NORMAL = 'ada.weaver@example.com';
export const PATHOLOGICAL = 'a@' + '.'.repeat(16000) + '@';

export interface EmailRow {
  label: string;
  oldPatternMs: number;
  validatorMs: number;
  httpMs: number;
}

/** Median of `runs` timings of `fn`, in milliseconds. */
async function median(runs: number, fn: () => unknown): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

let seq = 0;

export async function benchEmail(serverUrl: string): Promise<EmailRow[]> {
  const inputs = [
    ['normal address', NORMAL],
    ['"a@" + 16,000 dots + "@"', PATHOLOGICAL],
  ] as const;
  const body = (email: string, n: number) => ({
    email: email === NORMAL ? `bench-email-${Date.now().toString(36)}-${n}@example.org` : email,
    signup_type: 'Updates',
    source_page: '/',
  });
  const post = async (email: string) => {
    const n = ++seq;
    const res = await fetch(serverUrl + '/api/signups', {
      method: 'POST',
      // A client address per request (the server trusts its loopback proxy), so no 429 path.
      headers: {
        'content-type': 'application/json',
        origin: serverUrl,
        'x-forwarded-for': `10.99.${(n >> 8) & 255}.${n & 255}`,
      },
      body: JSON.stringify(body(email, n)),
    });
    await res.arrayBuffer();
    if (res.status !== (email === NORMAL ? 201 : 400)) throw new Error(`bench: ${email.slice(0, 12)}: ${res.status}`);
  };
  // In this process first (the old pattern blocks it for a while), then over HTTP, warmed up,
  // the two inputs alternating so both see the same conditions.
  const local: Omit<EmailRow, 'label' | 'httpMs'>[] = [];
  for (const [, email] of inputs) {
    local.push({
      oldPatternMs: await median(9, () => OLD_PATTERN.test(email)),
      validatorMs: await median(51, () => validateSignup(body(email, 0))),
    });
  }
  for (const [, email] of inputs) await post(email);
  const times: number[][] = [[], []];
  for (let i = 0; i < 51; i++) {
    for (const [j, [, email]] of inputs.entries()) {
      const start = performance.now();
      await post(email);
      times[j]!.push(performance.now() - start);
    }
  }
  const mid = (t: number[]) => [...t].sort((a, b) => a - b)[Math.floor(t.length / 2)]!;
  return inputs.map(([label], j) => ({ label, ...local[j]!, httpMs: mid(times[j]!) }));
}

export function emailTable(rows: EmailRow[]): string {
  const [normal] = rows;
  const f = (ms: number) => (ms < 0.1 ? ms.toFixed(3) : ms.toFixed(1));
  const lines = [
    '| input | old pattern alone (ms) | validator (ms) | POST /api/signups p50 (ms) | HTTP ratio to normal |',
    '| --- | ---: | ---: | ---: | ---: |',
    ...rows.map(
      (r) =>
        `| ${r.label} | ${f(r.oldPatternMs)} | ${f(r.validatorMs)} | ${f(r.httpMs)} | ${(r.httpMs / normal!.httpMs).toFixed(2)}× |`,
    ),
  ];
  return lines.join('\n');
}
