/** The lead timeline's referral entries (activity/describe.ts turns each into a sentence). */
export const REFERRAL_ACTIONS = {
  sent: 'referral.sent',
  resent: 'referral.resent',
  accepted: 'referral.accepted',
  declined: 'referral.declined',
  listed: 'referral.listed',
  under_contract: 'referral.under_contract',
  closed: 'referral.closed',
  feeReceived: 'referral.fee_received',
  cancelled: 'referral.cancelled',
} as const;
