import { REPAIR_CATEGORIES, REPAIR_CATEGORY_LABELS, repairLine } from '@wholesail/domain';
import { Trash2Icon } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';
import type { RepairItem } from './calculator-inputs';
import { figureText } from './figure-stat';
import { NumberField } from './number-field';

interface RepairLineProps {
  item: RepairItem;
  index: number;
  autoFocus: boolean;
  onChange: (patch: Partial<RepairItem>) => void;
  onRemove: () => void;
}

/** One line: category, quantity × unit cost, its total; two rows on a phone, one from sm up. */
export function RepairLine({ item, index, autoFocus, onChange, onRemove }: RepairLineProps) {
  const categoryId = useId();
  const label = REPAIR_CATEGORY_LABELS[item.category];
  // Rows after the first show their column names on phones only: from sm up the first row's names head the columns.
  const labelClassName = index > 0 ? 'sm:sr-only' : undefined;
  const total = repairLine({ category: item.category, quantity: item.quantity ?? 0, unitCost: item.unitCost ?? 0 });
  return (
    <li className="grid grid-cols-2 items-end gap-3 rounded-lg border p-3 sm:grid-cols-[minmax(0,1.4fr)_minmax(0,0.8fr)_minmax(0,1fr)_minmax(0,1fr)_auto] sm:border-0 sm:p-0">
      <div className="col-span-2 grid gap-1.5 sm:col-span-1">
        <Label htmlFor={categoryId} className={labelClassName}>
          Category
        </Label>
        <NativeSelect
          id={categoryId}
          value={item.category}
          autoFocus={autoFocus}
          onChange={(e) => onChange({ category: REPAIR_CATEGORIES.find((c) => c === e.target.value) ?? 'other' })}
        >
          {REPAIR_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {REPAIR_CATEGORY_LABELS[c]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <NumberField label="Quantity" kind="count" labelClassName={labelClassName} value={item.quantity} onChange={(quantity) => onChange({ quantity })} />
      <NumberField label="Unit cost" labelClassName={labelClassName} value={item.unitCost} onChange={(unitCost) => onChange({ unitCost })} />
      <div className="grid gap-1.5">
        <span className={cn('text-sm font-medium', labelClassName)}>Line total</span>
        <span className="flex h-9 items-center text-sm font-semibold tabular-nums" title={total.formula}>
          {figureText(total)}
        </span>
      </div>
      <Button type="button" variant="ghost" size="icon" className="justify-self-end" aria-label={`Remove line ${index + 1} (${label})`} onClick={onRemove}>
        <Trash2Icon aria-hidden />
      </Button>
    </li>
  );
}
