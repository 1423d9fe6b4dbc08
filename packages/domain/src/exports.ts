/**
 * The CSV exports (docs/exports.md): each list's filters as its list route takes them, less paging, plus `columns`.
 * The column names are the API's field names, except the Do-Not-Contact list's, which keep the names its import reads.
 */
import { z } from 'zod';
import { callRecordSchema } from './calls/call-api';
import { CALL_FILTERS } from './calls/call-list';
import { listDealsQuery, dealSchema } from './deals/deal-api';
import { dncListQuery } from './dnc/dnc-api';
import { buyerSchema, listBuyersQuery } from './leads/buyer-api';
import { instantParam, listLeadsQuery } from './leads/lead-api';
import { LEAD_FIELD_NAMES } from './leads/lead-fields';
import { CONVERSATION_STATUSES, conversationMessageSchema } from './sms/sms-api';

const keysOf = (shape: object, leave: readonly string[] = []) => Object.keys(shape).filter((k) => !leave.includes(k));
/** `extra` goes right after `after` (a lead's name after its id). */
const withAfter = (keys: string[], after: string, extra: string[]) => keys.flatMap((k) => (k === after ? [k, ...extra] : [k]));

export const EXPORT_COLUMNS = {
  leads: ['id', ...LEAD_FIELD_NAMES, 'created_at', 'updated_at', 'version'],
  buyers: keysOf(buyerSchema.shape, ['organization_id']),
  calls: withAfter(withAfter(keysOf(callRecordSchema.shape), 'lead_id', ['lead_name']), 'user_id', ['user_name']),
  texts: withAfter(keysOf(conversationMessageSchema.shape), 'lead_id', ['lead_name']),
  deals: keysOf(dealSchema.shape, ['offers']),
  dnc: ['phone_number', 'source', 'reason', 'lead_id', 'added_by', 'created_at'],
} as const satisfies Record<string, readonly string[]>;
export type ExportName = keyof typeof EXPORT_COLUMNS;

const named = (names: readonly string[]) => names.map((n) => JSON.stringify(n)).join(', ');
const isAre = (names: readonly string[]) => (names.length === 1 ? 'is' : 'are');

/** `columns=a,b,c`: the chosen columns in the order given (each once), or all of them when absent. */
function columnsParam(all: readonly string[]) {
  return z
    .string()
    .optional()
    .transform((text, ctx) => {
      if (text === undefined) return [...all];
      const asked = [...new Set(text.split(',').map((c) => c.trim()).filter(Boolean))];
      const unknown = asked.filter((c) => !all.includes(c));
      if (asked.length === 0) ctx.addIssue({ code: 'custom', message: 'columns: choose at least one column, or leave columns out for all of them' });
      else if (unknown.length > 0) ctx.addIssue({ code: 'custom', message: `columns: ${named(unknown)} ${isAre(unknown)} not a column of this export; docs/exports.md lists them` });
      return asked;
    });
}

/** An export's query: the filters, `columns`, and nothing else (an unknown parameter is named in a 400). */
function exportQuery<S extends z.ZodRawShape>(filters: S, columns: readonly string[]) {
  const accepted = [...Object.keys(filters), 'columns'].join(', ');
  return z.strictObject({ ...filters, columns: columnsParam(columns) }, {
    error: (issue) =>
      issue.code === 'unrecognized_keys' ? `${named(issue.keys)} ${isAre(issue.keys)} not a filter of this export; it takes ${accepted}` : undefined,
  });
}

const PAGING = { limit: true, offset: true } as const;

/** The leads list's filters; the restore bin (`deleted`) is not exported. */
export const leadExportQuery = exportQuery(listLeadsQuery.omit({ ...PAGING, deleted: true }).shape, EXPORT_COLUMNS.leads);
export const buyerExportQuery = exportQuery(listBuyersQuery.omit(PAGING).shape, EXPORT_COLUMNS.buyers);
export const dealExportQuery = exportQuery(listDealsQuery.omit(PAGING).shape, EXPORT_COLUMNS.deals);
export const dncExportQuery = exportQuery(dncListQuery.omit(PAGING).shape, EXPORT_COLUMNS.dnc);

/** Calls: GET /api/calls's filters. */
export const callExportQuery = exportQuery(CALL_FILTERS, EXPORT_COLUMNS.calls);

/** Texts: one lead's conversation (as GET /api/conversations takes it), a direction, a status, since an instant. */
export const textExportQuery = exportQuery(
  {
    lead_id: z.uuid('lead_id: expected a lead id').optional(),
    direction: z.enum(['inbound', 'outbound'], { error: 'direction: expected inbound or outbound' }).optional(),
    status: z.enum(CONVERSATION_STATUSES, { error: `status: expected one of ${CONVERSATION_STATUSES.join(', ')}` }).optional(),
    created_after: instantParam('created_after').optional(),
  },
  EXPORT_COLUMNS.texts,
);

export type LeadExportQuery = z.infer<typeof leadExportQuery>;
export type BuyerExportQuery = z.infer<typeof buyerExportQuery>;
export type DealExportQuery = z.infer<typeof dealExportQuery>;
export type DncExportQuery = z.infer<typeof dncExportQuery>;
export type CallExportQuery = z.infer<typeof callExportQuery>;
export type TextExportQuery = z.infer<typeof textExportQuery>;
