// The browser tier's `npm start` server for this test file: its worker's own (tests/e2e/global-setup.ts).
import { inject } from 'vitest';

/** The base URL of this worker's server. Workers are numbered from 1 (VITEST_POOL_ID). */
export function siteUrl(): string {
  const urls = inject('baseUrls');
  const slot = Number(process.env.VITEST_POOL_ID ?? '1');
  return urls[(slot - 1) % urls.length]!;
}
