import type { UseFormRegisterReturn } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { DialogClose, DialogFooter } from '@/components/ui/dialog';
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

type FooterProps = { label: string; pendingLabel: string; pending: boolean; destructive?: boolean };

/** Cancel and the submit button of a list dialog's form. */
export function FormDialogFooter({ label, pendingLabel, pending, destructive = false }: FooterProps) {
  return (
    <DialogFooter>
      <DialogClose asChild>
        <Button type="button" variant="outline">
          Cancel
        </Button>
      </DialogClose>
      <Button type="submit" variant={destructive ? 'destructive' : 'default'} disabled={pending}>
        {pending ? pendingLabel : label}
      </Button>
    </DialogFooter>
  );
}
