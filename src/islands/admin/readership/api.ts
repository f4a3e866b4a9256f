// The Readership view's one read, through the dashboard's fetch and retry policy (../api.ts).
import { READERSHIP_API, type Readership, type ReadershipPeriod } from '../../../shared/readership-api.ts';
import { apiFetch, withRetry } from '../api.ts';

export async function fetchReadership(days: ReadershipPeriod, signal?: AbortSignal): Promise<Readership> {
  const path = `${READERSHIP_API}?days=${days}`;
  return withRetry(async () => (await (await apiFetch(path, { signal })).json()) as Readership, signal);
}
