import { updateDealBody, type Deal, type DealPatch } from '@wholesail/domain';
import { moneyText, parseMoney } from './money';

export type FieldKind = 'money' | 'date' | 'text' | 'longtext' | 'buyer' | 'exit';
export type FieldName = Exclude<keyof DealPatch, 'owner_user_id'>;
export type FieldDef = { name: FieldName; label: string; kind: FieldKind };
export type FormValues = Record<FieldName, string>;

const f = (name: FieldName, label: string, kind: FieldKind): FieldDef => ({ name, label, kind });

/**
 * The deal's editable fields, grouped as the page shows them; MAO and max offer follow the analysis, read-only.
 * `wide`: the group's fields sit four to a row on a wide screen.
 */
export const FIELD_GROUPS: readonly { title: string; wide?: boolean; fields: readonly FieldDef[] }[] = [
  {
    title: 'Analysis',
    wide: true,
    fields: [
      f('asking_price', 'Seller asking price', 'money'),
      f('arv', 'ARV (after-repair value)', 'money'),
      f('repair_estimate', 'Repair estimate', 'money'),
      f('target_fee', 'Target fee', 'money'),
    ],
  },
  {
    title: 'Contract',
    fields: [
      f('contract_price', 'Contract price', 'money'),
      f('earnest_money', 'Earnest money', 'money'),
      f('earnest_money_due', 'Earnest money due', 'date'),
      f('inspection_ends', 'Inspection ends', 'date'),
      f('closing_date', 'Closing date', 'date'),
      f('title_company', 'Title company', 'text'),
    ],
  },
  {
    title: 'Buyer and fee',
    fields: [
      f('buyer_id', 'Buyer', 'buyer'),
      f('buyer_price', "Buyer's price", 'money'),
      f('exit_strategy', 'Exit strategy', 'exit'),
      f('assignment_fee', 'Assignment fee (expected)', 'money'),
      f('assignment_fee_actual', 'Assignment fee (actual)', 'money'),
    ],
  },
  { title: 'Notes', fields: [f('notes', 'Notes', 'longtext')] },
];

export const FIELDS: readonly FieldDef[] = FIELD_GROUPS.flatMap((g) => g.fields);
export const FIELD_NAMES: readonly FieldName[] = FIELDS.map((d) => d.name);

export function formValuesOf(deal: Deal): FormValues {
  return Object.fromEntries(FIELDS.map(({ name, kind }) => [name, kind === 'money' ? moneyText(deal[name] as number | null) : ((deal[name] as string | null) ?? '')])) as FormValues;
}

/** What changed against the deal, as the API takes it, or the message of each field that is wrong. */
export function readChanges(deal: Deal, values: FormValues): { patch: DealPatch } | { errors: Partial<Record<FieldName, string>> } {
  const saved = formValuesOf(deal);
  const errors: Partial<Record<FieldName, string>> = {};
  const patch: Record<string, unknown> = {};
  for (const { name, kind } of FIELDS) {
    if (values[name].trim() === saved[name].trim()) continue;
    const text = values[name].trim();
    if (kind === 'money') {
      const amount = parseMoney(text);
      if (Number.isNaN(amount)) errors[name] = 'Enter an amount in dollars, like 150,000';
      else patch[name] = amount;
    } else {
      patch[name] = text === '' ? null : text;
    }
  }
  const checked = updateDealBody.safeParse(patch);
  if (!checked.success) {
    for (const issue of checked.error.issues) {
      // The schema's messages name their field ("arv: must be 0 or more"); the form shows them on it.
      errors[issue.path[0] as FieldName] ??= issue.message.replace(/^[\w.]+: /, '');
    }
  }
  if (Object.keys(errors).length > 0 || !checked.success) return { errors };
  return { patch: checked.data };
}
