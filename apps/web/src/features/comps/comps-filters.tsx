import { RotateCcwIcon } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { MONTHS_OPTIONS, RADIUS_OPTIONS, SQFT_OPTIONS, type CompsSearchState } from './comps-search';

interface FilterProps {
  search: CompsSearchState;
  onChange: (next: CompsSearchState) => void;
}

function Filter({ label, value, options, format, onChange }: { label: string; value: number; options: readonly number[]; format: (n: number) => string; onChange: (n: number) => void }) {
  const id = useId();
  return (
    <div className="grid min-w-0 flex-1 basis-32 gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <NativeSelect id={id} value={String(value)} onChange={(event) => onChange(Number(event.target.value))}>
        {options.map((o) => (
          <option key={o} value={o}>
            {format(o)}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

/** Radius, sale recency and size range; a button clears the pins and exclusions when there are any. */
export function CompsFilters({ search, onChange }: FilterProps) {
  const marked = search.pin.length + search.exclude.length;
  return (
    <div className="flex flex-wrap items-end gap-3">
      <Filter label="Radius" value={search.radius} options={RADIUS_OPTIONS} format={(n) => `${n} ${n === 1 ? 'mile' : 'miles'}`} onChange={(radius) => onChange({ ...search, radius })} />
      <Filter label="Sold within" value={search.months} options={MONTHS_OPTIONS} format={(n) => `${n} months`} onChange={(months) => onChange({ ...search, months })} />
      <Filter label="Size within" value={search.sqft} options={SQFT_OPTIONS} format={(n) => `± ${n}% of the subject`} onChange={(sqft) => onChange({ ...search, sqft })} />
      {marked > 0 && (
        <Button variant="ghost" onClick={() => onChange({ ...search, pin: [], exclude: [] })}>
          <RotateCcwIcon aria-hidden /> Clear {marked} {marked === 1 ? 'pin or exclusion' : 'pins and exclusions'}
        </Button>
      )}
    </div>
  );
}
