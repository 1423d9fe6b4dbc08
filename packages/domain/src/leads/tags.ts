/** The most tags a lead carries, and the longest tag. */
export const MAX_TAGS = 50;
export const MAX_TAG_LENGTH = 60;

/**
 * Tags compare without case or extra spaces: "Vacant", " vacant" and "VACANT" are one tag, stored as "vacant".
 * Every write path (API, bulk changes, CSV import, list filter) goes through here, so a filter finds what a write stored.
 */
export function normalizeTag(tag: string): string {
  return tag.trim().replace(/\s+/g, ' ').toLowerCase().slice(0, MAX_TAG_LENGTH);
}

/** Each tag once, normalised, in the order first given; empty ones dropped. */
export function normalizeTags(tags: readonly string[]): string[] {
  return [...new Set(tags.map(normalizeTag).filter(Boolean))];
}
