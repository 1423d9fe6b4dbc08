import { LEAD_STATUSES, type LeadStatus } from './lead-fields';

/**
 * Where a status sits in the pipeline, for its colour: a fresh lead, one being worked, one waiting on a follow-up,
 * one ready for an offer, one taken out. The web app maps each tone to its colours; nothing else reads it.
 */
export type PipelineTone = 'fresh' | 'working' | 'follow-up' | 'offer' | 'removed';

export type LeadStatusInfo = { label: string; tone: PipelineTone };

/** Every lead status code (platform.md §4) with the words people read and its pipeline tone, in pipeline order. */
export const LEAD_STATUS_INFO: { readonly [S in LeadStatus]: LeadStatusInfo } = {
  new: { label: 'New', tone: 'fresh' },
  'new-untouched': { label: 'Not contacted yet', tone: 'fresh' },
  discovery: { label: 'Discovery', tone: 'working' },
  'interested-add-followup': { label: 'Interested — follow up', tone: 'follow-up' },
  'add-to-followup': { label: 'Follow up', tone: 'follow-up' },
  'interested-set-offer': { label: 'Interested — make offer', tone: 'offer' },
  // A lead's status follows its deal (modules/deals): under contract until the deal closes.
  'under-contract': { label: 'Under contract', tone: 'offer' },
  closed: { label: 'Closed', tone: 'offer' },
  deleted: { label: 'Deleted', tone: 'removed' },
};

const isKnown = (code: string): code is LeadStatus => (LEAD_STATUSES as readonly string[]).includes(code);

/** The label and tone of a status code; a code this version does not know reads as its words ("cold-lead" → "Cold lead"). */
export function leadStatusInfo(code: string): LeadStatusInfo {
  if (isKnown(code)) return LEAD_STATUS_INFO[code];
  const words = code.replace(/[-_]+/g, ' ').trim();
  return { label: words ? words[0]!.toUpperCase() + words.slice(1) : code, tone: 'working' };
}

export const leadStatusLabel = (code: string): string => leadStatusInfo(code).label;
