import { z } from 'zod';
import { pageLimit } from '../paging';
import { formatPhone, phoneSchema, toE164ForCall } from '../leads/phone';

/** Bodies, queries, records and texts of the Do-Not-Contact list (docs/api-dnc.md). */

/** How a number came onto the list. */
export const DNC_SOURCES = ['manual', 'lead_edit', 'call_outcome', 'live_call', 'sms_opt_out', 'import'] as const;
export type DncSource = (typeof DNC_SOURCES)[number];

/** Each source as the refusal message and the list screen say it. */
export const DNC_SOURCE_LABELS: Readonly<Record<DncSource, string>> = {
  manual: 'added by hand',
  lead_edit: 'lead marked Do Not Call',
  call_outcome: 'marked after a call',
  live_call: 'asked on a call',
  sms_opt_out: 'opted out by text',
  import: 'imported',
};

export const DNC_REASON_MAX = 500;
export const DNC_LIST_DEFAULT_LIMIT = 50;
export const DNC_LIST_MAX_LIMIT = 200;
/** A CSV of numbers holds at most this many rows (one request lists them all). */
export const DNC_IMPORT_MAX_ROWS = 100_000;
/** An import answers at most this many invalid rows (`invalid_count` counts them all). */
export const DNC_IMPORT_MAX_INVALID = 1000;

export const DNC_MESSAGES = {
  notUsNumber: 'Phone number must be 10 digits, or 11 digits starting with 1',
  reasonRequired: 'Say why the number comes off the Do Not Call list',
  reasonTooLong: `A reason can be at most ${DNC_REASON_MAX} characters`,
} as const;

/** A number the list can hold: the phone rules of dialer.md §5, as E.164 (+1 and 10 digits). */
export const dncPhone = phoneSchema.transform((value, ctx) => {
  const e164 = toE164ForCall(value);
  if (e164 === null) {
    ctx.addIssue({ code: 'custom', message: DNC_MESSAGES.notUsNumber });
    return z.NEVER;
  }
  return e164;
});

/** Why a cell or parameter is not a number the list can hold, or null when it is. */
export function dncPhoneProblem(value: string): string | null {
  const parsed = dncPhone.safeParse(value);
  return parsed.success ? null : parsed.error.issues[0]!.message;
}

const reason = z.string().trim().max(DNC_REASON_MAX, DNC_MESSAGES.reasonTooLong);

export const dncListQuery = z
  .object({
    search: z.string().trim().max(200, 'search must be at most 200 characters').optional(),
    limit: pageLimit(DNC_LIST_MAX_LIMIT, DNC_LIST_DEFAULT_LIMIT),
    offset: z.coerce.number().int().min(0, 'offset must be 0 or more').max(10_000_000).default(0),
  })
  .strict();
export type DncListQuery = z.infer<typeof dncListQuery>;

export const addDncBody = z.object({ phone: dncPhone, reason: reason.nullable().optional() }).strict();
export type AddDncBody = z.infer<typeof addDncBody>;

export const dncPhoneParams = z.object({ phone: dncPhone }).strict();

/** DELETE /api/dnc/:phone takes its reason (and the opt-out override) in a JSON body or the query string. */
export const removeDncBody = z.object({ reason: reason.optional(), confirm_opt_out_override: z.boolean().optional() }).strict();
export const removeDncQuery = z
  .object({ reason: reason.optional(), confirm_opt_out_override: z.enum(['true', 'false'], 'confirm_opt_out_override must be true or false').optional() })
  .strict();

/** One listed number. */
export const dncEntrySchema = z.object({
  phone_e164: z.string(),
  source: z.enum(DNC_SOURCES),
  reason: z.string().nullable(),
  /** The lead it was listed through; null for numbers added by hand or imported as numbers. */
  lead_id: z.string().nullable(),
  /** The member who listed it; null when it was automatic (an opt-out by text). */
  created_by: z.string().nullable(),
  created_by_name: z.string().nullable(),
  created_at: z.string(),
});
export type DncEntry = z.infer<typeof dncEntrySchema>;

export const dncListSchema = z.object({ items: z.array(dncEntrySchema), total: z.number() });
export type DncList = z.infer<typeof dncListSchema>;

/** DELETE /api/dnc/:phone: the entry taken off, and the leads whose own flag it cleared (no listed number left). */
export const dncRemovalSchema = z.object({ removed: dncEntrySchema, leads_cleared: z.array(z.string()) });
export type DncRemoval = z.infer<typeof dncRemovalSchema>;

export const dncImportResultSchema = z.object({
  added: z.number(),
  already_listed: z.number(),
  /** Rows whose number is not a phone number, with the row as a spreadsheet shows it (the header is row 1). */
  invalid: z.array(z.object({ row: z.number(), value: z.string(), reason: z.string() })),
  invalid_count: z.number(),
});
export type DncImportResult = z.infer<typeof dncImportResultSchema>;

const LISTED_DATE: Record<string, Intl.DateTimeFormat> = {};

/** A listing's day, e.g. 'Mar 4, 2026', in `timeZone`. */
export function formatListedDate(at: Date | string, timeZone = 'UTC'): string {
  LISTED_DATE[timeZone] ??= new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone });
  return LISTED_DATE[timeZone].format(new Date(at));
}

/** The gate's refusal: '1 (512) 555-0123 is on the Do Not Call list (opted out by text, Mar 4, 2026)'. */
export function dncListedMessage(entry: { phone_e164: string; source: DncSource; created_at: Date | string }, timeZone = 'UTC'): string {
  return `${formatPhone(entry.phone_e164)} is on the Do Not Call list (${DNC_SOURCE_LABELS[entry.source]}, ${formatListedDate(entry.created_at, timeZone)})`;
}
