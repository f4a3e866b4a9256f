/**
 * How far a time zone's wall clocks are ahead of UTC at one instant, read with Intl: the one
 * conversion between instants and wall-clock readings (publish-time.ts, and the tests that build
 * wall-clock times or read them back).
 */

/** Milliseconds `zone` (an IANA name) is ahead of UTC at the instant `at` (ms since the epoch). */
export function zoneOffset(at: number, zone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  const asUtc = Date.UTC(+parts.year!, +parts.month! - 1, +parts.day!, +parts.hour!, +parts.minute!, +parts.second!);
  return asUtc - Math.floor(at / 1000) * 1000;
}
