import type { ComponentProps, ReactNode } from 'react';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';

type FieldProps = { id: string; label: string; error?: string; hint?: ReactNode; className?: string; children: ReactNode };

/** A label, its control, a hint line and the field's message. */
export function FormField({ id, label, error, hint, className, children }: FieldProps) {
  return (
    <div className={cn('grid content-start gap-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint && <p className="text-xs text-muted-foreground">{hint}</p>}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** The props tying a control to its FormField's message. */
export const fieldProps = (id: string, error: string | undefined) => ({
  id,
  'aria-invalid': error ? true : undefined,
  'aria-describedby': error ? `${id}-error` : undefined,
});

/** A dollar amount: the numeric keypad on a phone, a "$" before the figure. */
export function MoneyInput({ className, ...props }: Omit<ComponentProps<'input'>, 'type' | 'inputMode'>) {
  return (
    <div className="relative">
      <span className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-sm text-muted-foreground" aria-hidden>
        $
      </span>
      <Input type="text" inputMode="decimal" autoComplete="off" className={cn('pl-6 tabular-nums', className)} {...props} />
    </div>
  );
}
