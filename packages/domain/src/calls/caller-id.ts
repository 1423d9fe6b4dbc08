import { z } from 'zod';

/** From-number choice of dialer.md §4. */

export interface OrgNumber {
  phone_number: string;
  is_active: boolean;
  is_primary: boolean;
}

export const CALLER_ID_REASONS = ['lead', 'user_default', 'org_primary', 'first_active', 'none'] as const;
export type CallerIdReason = (typeof CALLER_ID_REASONS)[number];
/** GET /api/calls/caller-id: the chosen number and which rule chose it. */
export const callerIdChoiceSchema = z.object({ phone_number: z.string().nullable(), reason: z.enum(CALLER_ID_REASONS) });

/**
 * In priority: the number assigned to the lead, the user's default number, the organization's primary
 * number, the first active number (in the given order). Whatever is chosen must be an active
 * organization number; a candidate that is not is skipped.
 */
export function chooseCallerId(input: {
  leadAssigned?: string | null;
  userDefault?: string | null;
  orgNumbers: OrgNumber[];
}): z.infer<typeof callerIdChoiceSchema> {
  const active = input.orgNumbers.filter((n) => n.is_active);
  const isActive = (value: string | null | undefined) => Boolean(value && active.some((n) => n.phone_number === value));
  if (isActive(input.leadAssigned)) return { phone_number: input.leadAssigned!, reason: 'lead' };
  if (isActive(input.userDefault)) return { phone_number: input.userDefault!, reason: 'user_default' };
  const primary = active.find((n) => n.is_primary);
  if (primary) return { phone_number: primary.phone_number, reason: 'org_primary' };
  if (active[0]) return { phone_number: active[0].phone_number, reason: 'first_active' };
  return { phone_number: null, reason: 'none' };
}
