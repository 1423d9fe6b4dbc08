/** The room settings form's text values, and the PATCH body they make. */
import { ROOM_PASSWORD_MIN, type DealRoom, type RoomAccess, type RoomSettingsBody } from '@wholesail/domain';
import { capitalize } from '@/lib/format';
import { fieldErrorsOf } from '@/lib/api';
import { moneyText, parseMoney } from '@/features/deals/money';

export const SETTINGS_FIELDS = [
  'access', 'password', 'expires_at', 'headline', 'asking_price', 'description', 'showing_notes', 'earnest_money_required', 'closing_date',
  'contact_name', 'contact_phone', 'contact_email',
] as const;
export type SettingsField = (typeof SETTINGS_FIELDS)[number];
export type SettingsValues = { [F in SettingsField]: string };
export type SettingsErrors = Partial<Record<SettingsField, string>>;

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO instant as a datetime-local input shows it, in the user's own time zone. */
export function localDateTime(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export function settingsValues(room: DealRoom): SettingsValues {
  return {
    access: room.access,
    password: '',
    expires_at: localDateTime(room.expires_at),
    headline: room.headline ?? '',
    asking_price: moneyText(room.asking_price),
    description: room.description ?? '',
    showing_notes: room.showing_notes ?? '',
    earnest_money_required: moneyText(room.earnest_money_required),
    closing_date: room.closing_date ?? '',
    contact_name: room.contact_name ?? '',
    contact_phone: room.contact_phone ?? '',
    contact_email: room.contact_email ?? '',
  };
}

const MONEY_ERROR = 'Enter an amount in dollars, like 185,000';

/** The PATCH body, or what to fix first. A password is sent only when typed (the stored one is never shown). */
export function readSettings(values: SettingsValues, room: DealRoom): { body: RoomSettingsBody } | { errors: SettingsErrors } {
  const errors: SettingsErrors = {};
  const access = values.access as RoomAccess;
  const asking = parseMoney(values.asking_price);
  const earnest = parseMoney(values.earnest_money_required);
  if (Number.isNaN(asking)) errors.asking_price = MONEY_ERROR;
  if (Number.isNaN(earnest)) errors.earnest_money_required = MONEY_ERROR;
  if (values.password && values.password.length < ROOM_PASSWORD_MIN) errors.password = `Use at least ${ROOM_PASSWORD_MIN} characters`;
  if (access === 'password' && !values.password && !room.has_password) errors.password = 'Set a password for buyers to type';
  const expires = values.expires_at ? new Date(values.expires_at) : null;
  if (expires && Number.isNaN(expires.getTime())) errors.expires_at = 'Enter a date and time';
  if (Object.keys(errors).length > 0) return { errors };
  const text = (v: string) => v.trim() || null;
  return {
    body: {
      access,
      ...(values.password ? { password: values.password } : {}),
      expires_at: expires ? expires.toISOString() : null,
      headline: text(values.headline),
      asking_price: asking,
      description: text(values.description),
      showing_notes: text(values.showing_notes),
      earnest_money_required: earnest,
      closing_date: values.closing_date || null,
      contact_name: text(values.contact_name),
      contact_phone: text(values.contact_phone),
      contact_email: text(values.contact_email),
    },
  };
}

/** A refusal's message on the field it names, as a sentence. */
export function settingsServerErrors(error: unknown): SettingsErrors {
  const named = fieldErrorsOf(error, SETTINGS_FIELDS);
  return Object.fromEntries(Object.entries(named).map(([field, message]) => [field, capitalize(String(message))]));
}
