import type { UseFormRegisterReturn } from 'react-hook-form';
import { FieldError } from '@/components/ui/field-error';
import { fieldClassName } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';

type ReasonProps = { id: string; placeholder: string; error: string | undefined; registration: UseFormRegisterReturn };

/** The required 'Reason' of adding or removing a number, its message on the field. */
export function ReasonField({ id, placeholder, error, registration }: ReasonProps) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>Reason</Label>
      <textarea
        id={id}
        rows={3}
        className={cn(fieldClassName, 'h-auto py-2')}
        placeholder={placeholder}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...registration}
      />
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
