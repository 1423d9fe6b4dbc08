/**
 * A timestamp as the API shows it: ISO 8601 in UTC with milliseconds; null stays null. The one place a
 * database timestamp becomes text (the drivers read timestamptz as a Date; raw SQL may be typed as a string).
 */
export function iso(value: Date | string): string;
export function iso(value: Date | string | null): string | null;
export function iso(value: Date | string | null): string | null {
  return value === null ? null : new Date(value).toISOString();
}
