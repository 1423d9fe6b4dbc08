import type { Deal, DealStage } from './deal-api';

/** A field a stage needs, with the words to ask for it. */
export type StageRequirement = { field: 'contract_price' | 'buyer_id' | 'assignment_fee' | 'assignment_fee_actual' | 'reason'; label: string };

const NEEDS: { readonly [S in DealStage]: readonly StageRequirement[] } = {
  analyzing: [],
  offer_made: [],
  under_contract: [{ field: 'contract_price', label: 'a contract price' }],
  marketing: [{ field: 'contract_price', label: 'a contract price' }],
  assigned: [
    { field: 'contract_price', label: 'a contract price' },
    { field: 'buyer_id', label: 'a buyer' },
    { field: 'assignment_fee', label: 'an assignment fee' },
  ],
  closed: [
    { field: 'contract_price', label: 'a contract price' },
    { field: 'buyer_id', label: 'a buyer' },
    { field: 'assignment_fee', label: 'an assignment fee' },
  ],
  dead: [{ field: 'reason', label: 'a reason' }],
};

/** What moving a deal (its fields as they would be after the move) to `stage` still lacks, in the order to ask. */
export function missingForStage(
  stage: DealStage,
  deal: Pick<Deal, 'contract_price' | 'buyer_id' | 'assignment_fee'>,
  reason?: string | null,
): StageRequirement[] {
  return NEEDS[stage].filter((need) => (need.field === 'reason' ? !reason?.trim() : deal[need.field as keyof typeof deal] == null));
}

/** The sentence a refused move answers with: "Under contract needs a contract price". */
export function stageRefusal(stageLabel: string, missing: readonly StageRequirement[]): string {
  const words = missing.map((m) => m.label);
  const list = words.length > 1 ? `${words.slice(0, -1).join(', ')} and ${words.at(-1)}` : words[0];
  return `${stageLabel} needs ${list}`;
}

/** Whether a deadline (YYYY-MM-DD) is passed, within 3 days, or later, seen from `today` (YYYY-MM-DD). */
export function deadlineTone(date: string | null, today: string): 'passed' | 'soon' | 'later' | null {
  if (!date) return null;
  const days = (Date.parse(`${date}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000;
  if (days < 0) return 'passed';
  return days <= 3 ? 'soon' : 'later';
}
