/** Texts and constants of the address search and lead creation flow (dialer.md §2, §8, §9). */

export const LOOKING_UP_TEXT = 'Looking up property data...';

/** "Lead-added card resets after 3 s" (dialer.md §9). */
export const LEAD_ADDED_RESET_MS = 3000;
/** "Maps load timeout 20 s" (dialer.md §9). */
export const MAPS_LOAD_TIMEOUT_MS = 20_000;

export const SEARCH_TOASTS = {
  connectionError: 'Connection Error',
  connectionErrorDescription: 'Failed to connect to enrichment service. Please try again.',
  enrichmentUnavailable: 'Enrichment Unavailable',
  enrichmentNotConfigured: 'Data enrichment service is not configured. Basic property info only.',
  enriched: 'Property Enriched!',
  enrichedDescription: (address: string) => `Found owner, value, and contact data for ${address}`,
  noData: 'No Additional Data',
  noDataDescription: 'Basic property info only. You can still add this lead.',
  lookupError: 'Lookup Error',
  lookupErrorDescription: 'Something went wrong. Please try again.',
  addFailed: 'Failed to Add Lead',
  addFailedFallback: 'Unable to create lead',
  addError: 'Error',
  addErrorDescription: 'Failed to add lead. Please try again.',
  added: 'Lead Added!',
  addedDescription: 'Property successfully added to your leads list',
  missingData: 'Missing required data. Please try again.',
} as const;

export const MAPS_MESSAGES = {
  keyFailed: 'Failed to fetch Google Maps API key',
  noKey: 'No Google Maps API key returned',
} as const;
