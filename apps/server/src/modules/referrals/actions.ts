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

const money = (value: unknown) => (typeof value === 'number' ? `$${value.toLocaleString('en-US', { maximumFractionDigits: 2 })}` : null);
const said = (note: unknown) => (typeof note === 'string' && note.trim() ? `: “${note}”` : '');

/** The timeline sentence of a referral entry (details: partner_name, fee_expected, sale_price, fee_received, note). */
export function describeReferral(action: string, details: Record<string, unknown>): string | null {
  const partner = typeof details.partner_name === 'string' ? details.partner_name : 'the partner';
  switch (action) {
    case REFERRAL_ACTIONS.sent: {
      const fee = money(details.fee_expected);
      return `Referred to ${partner}${fee ? ` (referral fee expected ${fee})` : ''}`;
    }
    case REFERRAL_ACTIONS.resent:
      return `Sent ${partner} a new referral link`;
    case REFERRAL_ACTIONS.accepted:
      return `${partner} accepted the referral${said(details.note)}`;
    case REFERRAL_ACTIONS.declined:
      return `${partner} declined the referral${said(details.note)}`;
    case REFERRAL_ACTIONS.listed:
      return `${partner} listed the property${said(details.note)}`;
    case REFERRAL_ACTIONS.under_contract:
      return `${partner} reported the property under contract${said(details.note)}`;
    case REFERRAL_ACTIONS.closed:
      return `${partner} closed the sale${money(details.sale_price) ? ` at ${money(details.sale_price)}` : ''}${said(details.note)}`;
    case REFERRAL_ACTIONS.feeReceived:
      return `Referral fee of ${money(details.fee_received) ?? 'an amount'} received from ${partner}`;
    case REFERRAL_ACTIONS.cancelled:
      return `Cancelled the referral to ${partner}`;
    default:
      return null;
  }
}
