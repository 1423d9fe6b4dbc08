import type { LeadListItem } from '@wholesail/domain';
import { useCallback, useMemo, useState } from 'react';

/**
 * The rows ticked on the list. Only rows still shown count: a new page or filter leaves nothing selected
 * that the user cannot see.
 */
export function useRowSelection(items: readonly LeadListItem[] | undefined) {
  const [ids, setIds] = useState<ReadonlySet<string>>(() => new Set());
  const selected = useMemo(() => (items ?? []).filter((lead) => ids.has(lead.id)), [items, ids]);
  const toggle = useCallback((id: string) => setIds((current) => {
    const next = new Set(current);
    if (!next.delete(id)) next.add(id);
    return next;
  }), []);
  const setAll = useCallback((on: boolean) => setIds(on ? new Set((items ?? []).map((lead) => lead.id)) : new Set()), [items]);
  const clear = useCallback(() => setIds(new Set()), []);
  const allSelected = selected.length > 0 && selected.length === (items ?? []).length;
  return { selected, isSelected: (id: string) => ids.has(id), toggle, setAll, clear, allSelected };
}

export type RowSelection = ReturnType<typeof useRowSelection>;

/** A row's tick box: ticking it never opens the row. */
export function SelectBox({ checked, label, onChange }: { checked: boolean; label: string; onChange: (checked: boolean) => void }) {
  return (
    <input
      type="checkbox"
      className="size-4 shrink-0 cursor-pointer accent-primary"
      aria-label={label}
      checked={checked}
      onClick={(event) => event.stopPropagation()}
      onChange={(event) => onChange(event.target.checked)}
    />
  );
}
