/**
 * activity_logs actions written for a lead that no other module names as a constant: the timeline (describe.ts)
 * reads these, the writers import them from here.
 */
export const LEAD_ACTIVITY = {
  callCompleted: 'call.completed',
  textSent: 'sms.sent',
  textReceived: 'sms.received',
  imported: 'lead.imported',
  aiScored: 'lead.ai_scored',
  enriched: 'lead.enriched',
  dncCleared: 'lead.dnc_cleared',
} as const;

/** Shown as the actor of a job's entry (actor null) instead of "System", when the details name one. */
export const AUTOMATION = { scoring: 'AI scoring', enrichment: 'Property enrichment', import: 'Lead import', sequences: 'Sequences', rules: 'Automation rules' } as const;
