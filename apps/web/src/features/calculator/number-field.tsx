import { useEffect, useId, useState } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';

/** money: "$" before, grouped; percent: "%" after; count: grouped (square feet); plain: as typed (a year). */
export type NumberKind = 'money' | 'percent' | 'count' | 'plain';

const grouped = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
const cents = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

function format(value: number | null, kind: NumberKind): string {
  if (value === null) return '';
  if (kind === 'plain') return String(value);
  // $3.50, never $3.5; whole dollars stay whole.
  return kind === 'money' && !Number.isInteger(value) ? cents.format(value) : grouped.format(value);
}

/** The number typed, null when blank, undefined when it is not a number (commas, "$" and "%" are fine). */
export function parseNumber(text: string): number | null | undefined {
  const cleaned = text.replace(/[$,%\s]/g, '');
  if (cleaned === '') return null;
  if (!/^\d*\.?\d*$/.test(cleaned) || cleaned === '.') return undefined;
  return Number(cleaned);
}

interface NumberFieldProps {
  label: string;
  value: number | null;
  onChange: (value: number | null) => void;
  kind?: NumberKind;
  max?: number;
  placeholder?: string;
  hint?: string;
  /** The label for screen readers only (a row whose columns are named above it). */
  labelClassName?: string;
  className?: string;
  autoFocus?: boolean;
}

/**
 * A number box that keeps what is typed (so "1,5" mid-typing is not rewritten), tells the calculator the number at
 * each keystroke and tidies the text on leaving. Out of range or not a number: marked invalid and not passed on.
 */
export function NumberField({ label, value, onChange, kind = 'money', max, placeholder, hint, labelClassName, className, autoFocus }: NumberFieldProps) {
  const id = useId();
  const [text, setText] = useState(() => format(value, kind));
  const parsed = parseNumber(text);
  const invalid = parsed === undefined || (max !== undefined && parsed !== null && parsed > max);

  // A value set from outside (a loaded version) replaces the text; the field's own edits do not (a cleared
  // percent the calculator reads as 0 stays blank while the user types the next one).
  useEffect(() => {
    setText((current) => ((parseNumber(current) ?? 0) === (value ?? 0) ? current : format(value, kind)));
  }, [value, kind]);

  const onText = (next: string) => {
    setText(next);
    const number = parseNumber(next);
    if (number !== undefined && !(max !== undefined && number !== null && number > max)) onChange(number);
  };

  const errorText = parsed === undefined ? 'Enter a number.' : `At most ${format(max ?? 0, kind)}${kind === 'percent' ? '%' : ''}.`;
  return (
    <div className={cn('grid min-w-0 content-start gap-1.5', className)}>
      <Label htmlFor={id} className={labelClassName}>
        {label}
      </Label>
      <div className="relative">
        {kind === 'money' && <span className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-sm text-muted-foreground" aria-hidden>$</span>}
        <Input
          id={id}
          inputMode="decimal"
          autoComplete="off"
          autoFocus={autoFocus}
          className={cn('tabular-nums', kind === 'money' && 'pl-6', kind === 'percent' && 'pr-7')}
          value={text}
          placeholder={placeholder}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid || hint ? `${id}-note` : undefined}
          onChange={(e) => onText(e.target.value)}
          onBlur={() => !invalid && setText(format(parsed ?? null, kind))}
        />
        {kind === 'percent' && <span className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-sm text-muted-foreground" aria-hidden>%</span>}
      </div>
      {(invalid || hint) && (
        <p id={`${id}-note`} className={cn('text-xs', invalid ? 'text-destructive' : 'text-muted-foreground')}>
          {invalid ? errorText : hint}
        </p>
      )}
    </div>
  );
}
