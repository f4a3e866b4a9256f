/** An ISO 8601 duration in minutes, as schema.org's timeRequired wants it: 8 → "PT8M". */
export function isoMinutes(minutes: number): string {
  return `PT${Math.max(1, Math.round(minutes))}M`;
}
