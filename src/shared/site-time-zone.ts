/**
 * The site's time zone: the calendar the dashboard's insights count days in. The brand is in
 * Tennessee (Chattanooga keeps Eastern time), so America/New_York unless SITE_TIME_ZONE names
 * another IANA zone. Read by the server; the dashboard is told the zone in each insights answer.
 */
export const DEFAULT_SITE_TIME_ZONE = 'America/New_York';

/** Whether `zone` is an IANA time zone name this runtime knows (e.g. "Europe/Berlin", "UTC"). */
export function isTimeZone(zone: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** SITE_TIME_ZONE as the build reads it (scheduled publishing); throws, naming it, when malformed. */
export function buildTimeZone(env: Record<string, string | undefined>): string {
  const raw = env.SITE_TIME_ZONE?.trim();
  if (!raw) return DEFAULT_SITE_TIME_ZONE;
  if (!isTimeZone(raw))
    throw new Error(
      `SITE_TIME_ZONE must be an IANA time zone name such as America/Chicago or UTC, not ${JSON.stringify(raw)}`,
    );
  return raw;
}
