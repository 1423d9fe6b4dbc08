import { z } from 'zod';

/** Phone rules of dialer.md §5. */
export const PHONE_MESSAGES = {
  invalidCharacters: 'Phone number contains invalid characters',
  tooShort: 'Phone number must be at least 10 digits',
  tooLong: 'Phone number must be less than 20 characters',
} as const;

export const phoneSchema = z
  .string()
  .trim()
  .regex(/^[\d\s\-().+]*$/, PHONE_MESSAGES.invalidCharacters)
  .refine((v) => v.replace(/\D/g, '').length >= 10, PHONE_MESSAGES.tooShort)
  .refine((v) => v.length <= 20, PHONE_MESSAGES.tooLong);

export const digitsOf = (value: string) => value.replace(/\D/g, '');

/** For calls: 10 digits → +1…, 11 starting with 1 → +…, anything else has no valid number. */
export function toE164ForCall(value: string | null | undefined): string | null {
  const d = digitsOf(value ?? '');
  if (d.length === 10) return `+1${d}`;
  if (d.length === 11 && d.startsWith('1')) return `+${d}`;
  return null;
}

/** For lead lookup: 11 digits starting with 1 → +digits, 10 → +1digits, others → +digits. */
export function toE164ForLookup(value: string): string {
  const d = digitsOf(value);
  if (d.length === 11 && d.startsWith('1')) return `+${d}`;
  if (d.length === 10) return `+1${d}`;
  return `+${d}`;
}

/** Display as '1 (xxx) xxx-xxxx', or 'No phone' when the number is not callable. */
export function formatPhone(value: string | null | undefined): string {
  const e164 = toE164ForCall(value);
  if (!e164) return 'No phone';
  const d = e164.slice(2);
  return `1 (${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
}

/** A lead phone counts with at least 10 digits and not all zeros or all ones. */
export function isValidLeadPhone(value: string | null | undefined): boolean {
  const d = digitsOf(value ?? '');
  return d.length >= 10 && !/^0+$/.test(d) && !/^1+$/.test(d);
}

/** The key duplicate detection compares phones by: the lookup E.164 of a valid lead phone. */
export function phoneKey(value: string | null | undefined): string | null {
  return value && isValidLeadPhone(value) ? toE164ForLookup(value) : null;
}

/** The lead fields a call may dial, in the order a lead's numbers are listed. */
export const LEAD_CALL_PHONE_FIELDS = ['phone', 'phone_number', 'contact_1_phone1', 'contact_1_phone2', 'contact_1_phone3'] as const;

/** The lead's callable numbers (call normalisation) as E.164, each once, in field order. */
export function leadCallNumbers(lead: Readonly<Record<string, unknown>>): string[] {
  const numbers = LEAD_CALL_PHONE_FIELDS.map((field) => {
    const value = lead[field];
    return typeof value === 'string' ? toE164ForCall(value) : null;
  });
  return [...new Set(numbers.filter((n): n is string => n !== null))];
}
