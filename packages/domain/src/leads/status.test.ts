import { describe, expect, it } from 'vitest';
import { LEAD_STATUSES } from './lead-fields';
import { LEAD_STATUS_INFO, leadStatusInfo, leadStatusLabel } from './status';

describe('lead status labels', () => {
  it('gives every status code a human label and a pipeline tone', () => {
    for (const code of LEAD_STATUSES) {
      expect(LEAD_STATUS_INFO[code].label).not.toMatch(/-/);
      expect(LEAD_STATUS_INFO[code].label).not.toBe(code);
    }
    expect(leadStatusLabel('add-to-followup')).toBe('Follow up');
    expect(leadStatusInfo('interested-set-offer')).toEqual({ label: 'Interested — make offer', tone: 'offer' });
    expect(leadStatusInfo('deleted').tone).toBe('removed');
  });
  it('reads an unknown code as its words', () => {
    expect(leadStatusInfo('cold_lead-list')).toEqual({ label: 'Cold lead list', tone: 'working' });
  });
});
