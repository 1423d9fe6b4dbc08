import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

export const fieldClassName =
  'flex h-9 w-full rounded-md border border-input bg-card px-3 py-1 text-sm shadow-xs transition-colors placeholder:text-muted-foreground/70 focus-visible:border-ring focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring/25 disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive aria-invalid:ring-destructive/20';

export function Input({ className, type = 'text', ...props }: ComponentProps<'input'>) {
  return <input type={type} className={cn(fieldClassName, className)} {...props} />;
}

/** A phone number field: the phone's keypad on a phone, and a US number as its example. */
export function PhoneInput(props: Omit<ComponentProps<'input'>, 'type' | 'inputMode'>) {
  return <Input type="tel" inputMode="tel" placeholder="(512) 555-0100" {...props} />;
}

/** A native select styled like Input: small lists need no popover. */
export function NativeSelect({ className, ...props }: ComponentProps<'select'>) {
  return <select className={cn(fieldClassName, 'pr-8', className)} {...props} />;
}
