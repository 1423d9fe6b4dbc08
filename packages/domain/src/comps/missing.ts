/** What a lead can lack to be compared, and where the user gets it. */
const NEEDS = {
  coordinates: {
    what: 'coordinates (latitude and longitude)',
    remedy: 'Coordinates come with an address picked in the address search, or from Latitude and Longitude columns of a CSV import.',
  },
  validCoordinates: {
    what: 'valid coordinates (latitude −90 to 90, longitude −180 to 180)',
    remedy: 'Coordinates come with an address picked in the address search, or from Latitude and Longitude columns of a CSV import.',
  },
  squareFootage: { what: 'square footage', remedy: 'Add the square footage (Sq ft) on the lead, or enrich the lead.' },
} as const;
export type CompsNeed = keyof typeof NEEDS;

/** What a lead lacks to be compared: coordinates (to measure distance) and square footage (to match size). */
export function compsMissingData(lead: { latitude: number | null; longitude: number | null; building_square_feet: number | null }): CompsNeed[] {
  const missing: CompsNeed[] = [];
  if (lead.latitude === null || lead.longitude === null) missing.push('coordinates');
  else if (Math.abs(lead.latitude) > 90 || Math.abs(lead.longitude) > 180) missing.push('validCoordinates');
  if (!lead.building_square_feet || lead.building_square_feet <= 0) missing.push('squareFootage');
  return missing;
}

/** The 400's sentence: what is missing and where to get it. */
export function compsMissingMessage(missing: readonly CompsNeed[]): string {
  const what = missing.map((m) => NEEDS[m].what).join(' and no ');
  return [`This lead has no ${what}, which comparable sales need.`, ...missing.map((m) => NEEDS[m].remedy)].join(' ');
}
