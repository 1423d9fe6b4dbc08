/** The room's offer form: its fields, checks before sending, and the server's refusals as sentences per field. */
import { FINANCING, type Financing, type PublicOfferBody } from '@wholesail/domain';
import { ApiError, fieldErrorsOf } from '@/lib/api';
import { todayIso } from '@/features/deals/deadlines';
import { parseMoney } from '@/features/deals/money';

export const OFFER_FIELDS = ['name', 'email', 'phone', 'amount', 'earnest_money', 'close_by', 'financing', 'proof_of_funds', 'message'] as const;
export type OfferField = (typeof OFFER_FIELDS)[number];
export type OfferValues = { [F in OfferField]: string };
export type OfferErrors = Partial<Record<OfferField, string>>;

export const EMPTY_OFFER: OfferValues = { name: '', email: '', phone: '', amount: '', earnest_money: '', close_by: '', financing: 'cash', proof_of_funds: '', message: '' };

export const RATE_LIMITED_TEXT = 'You have sent several offers already. Please try again later.';

/** What a buyer reads when the server refuses a field: plain words, never the validation text. */
const FIELD_SENTENCES: Record<OfferField, string> = {
  name: 'Please enter your name.',
  email: 'Please enter a valid email address, like you@example.com.',
  phone: 'Please enter a phone number of at most 40 characters.',
  amount: 'Please enter your offer in dollars, like 185,000.',
  earnest_money: 'Please enter the earnest money you will deposit, in dollars (0 if none).',
  close_by: 'Please choose the date you can close by.',
  financing: 'Please choose how you will pay.',
  proof_of_funds: 'Proof of funds must be at most 2,000 characters.',
  message: 'Your message must be at most 2,000 characters.',
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function moneyError(text: string, field: 'amount' | 'earnest_money'): string | undefined {
  const value = parseMoney(text);
  if (value === null || Number.isNaN(value) || (field === 'amount' && value <= 0)) return FIELD_SENTENCES[field];
  return undefined;
}

/** The body to send, or the message of each field that is not right yet. */
export function readOffer(values: OfferValues): { body: PublicOfferBody } | { errors: OfferErrors } {
  const errors: OfferErrors = {};
  if (!values.name.trim()) errors.name = FIELD_SENTENCES.name;
  if (!EMAIL.test(values.email.trim())) errors.email = FIELD_SENTENCES.email;
  const amount = moneyError(values.amount, 'amount');
  if (amount) errors.amount = amount;
  const earnest = moneyError(values.earnest_money, 'earnest_money');
  if (earnest) errors.earnest_money = earnest;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(values.close_by)) errors.close_by = FIELD_SENTENCES.close_by;
  else if (values.close_by < todayIso()) errors.close_by = 'Please choose a closing date from today on.';
  if (!(FINANCING as readonly string[]).includes(values.financing)) errors.financing = FIELD_SENTENCES.financing;
  if (Object.keys(errors).length > 0) return { errors };
  const optional = (text: string) => (text.trim() ? text.trim() : undefined);
  return {
    body: {
      name: values.name.trim(),
      email: values.email.trim(),
      phone: optional(values.phone),
      amount: parseMoney(values.amount) ?? 0,
      earnest_money: parseMoney(values.earnest_money) ?? 0,
      close_by: values.close_by,
      financing: values.financing as Financing,
      proof_of_funds: optional(values.proof_of_funds),
      message: optional(values.message),
    },
  };
}

/** The fields a 400 names, each with its sentence; empty for any other failure. */
export function serverFieldErrors(error: unknown): OfferErrors {
  const named = fieldErrorsOf(error, OFFER_FIELDS);
  return Object.fromEntries(Object.keys(named).map((field) => [field, FIELD_SENTENCES[field as OfferField]]));
}

/** The form-wide message of a failed send: the rate limit in words, or the server's own text. */
export function offerFailureText(error: unknown): string {
  if (error instanceof ApiError && error.status === 429) return RATE_LIMITED_TEXT;
  if (Object.keys(serverFieldErrors(error)).length > 0) return 'Please check the fields marked below.';
  return error instanceof Error && error.message ? error.message : 'Your offer could not be sent. Please try again.';
}
