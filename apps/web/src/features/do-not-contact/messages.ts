/** Texts of the Do Not Contact screens that are the browser's own (the server's live in @wholesail/domain). */
import { DNC_SOURCE_LABELS } from '@wholesail/domain';
import { capitalize } from '@/lib/format';

/** The gate's refusal for a lead marked Do Not Call itself, shown before the check answers. */
export const LEAD_DNC_REASON = 'This lead is on the Do Not Call list';
export const DNC_LISTED = 'DNC_LISTED';

export const ADD_REASON_REQUIRED = 'Say why this number goes on the list, for example what the person asked for';
export const OVERRIDE_REQUIRED = 'Tick the box to confirm that this person asked to be contacted again';
export const MEMBER_CANNOT_REMOVE =
  'Only an owner or admin can remove a number from the Do Not Contact list. Ask one of them if this number was listed by mistake.';

/** A listing's source as a label ('Opted out by text'); a source the server adds later reads as itself. */
export function sourceLabel(source: string): string {
  const label = (DNC_SOURCE_LABELS as Readonly<Record<string, string>>)[source];
  return label ? capitalize(label) : source;
}
