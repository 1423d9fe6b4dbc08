import { displayName, type CallExportQuery, type TextExportQuery } from '@wholesail/domain';
import { CALL_COLUMNS, toCall } from '../calls/repo';
import { MESSAGE_COLUMNS, toMessage, type MessageRow } from '../conversations/repo';
import type { ExportSource } from './csv-stream';

/** What a lead's name is made of (displayName); a call's or text's lead is joined by the primary key, and a text without a lead (an unknown sender's) has none. */
const LEAD_NAME = ['l.name', 'l.contact_1_name', 'l.owner_1_name', 'l.owner_1_first_name', 'l.owner_1_last_name'] as const;
type LeadName = { name: string | null; contact_1_name: string | null; owner_1_name: string | null; owner_1_first_name: string | null; owner_1_last_name: string | null };

const leadName = (row: LeadName & { lead_id: string | null }) => (row.lead_id === null ? null : displayName(row));

type CallRow = Parameters<typeof toCall>[0] & LeadName & { user_name: string | null };

/** The organization's calls in id order, with the lead's name and the member's. */
export function callExport(organizationId: string, query: CallExportQuery): ExportSource<CallRow> {
  return {
    async batch(tx, after, limit) {
      let q = tx
        .selectFrom('calls as c')
        .leftJoin('leads as l', (j) => j.on('l.organization_id', '=', organizationId).onRef('l.id', '=', 'c.lead_id'))
        .leftJoin('users as u', 'u.id', 'c.user_id')
        .select([...LEAD_NAME, ...CALL_COLUMNS.map((c) => `c.${c}` as const), 'u.name as user_name'])
        .where('c.organization_id', '=', organizationId);
      if (query.lead_id) q = q.where('c.lead_id', '=', query.lead_id);
      if (query.user_id) q = q.where('c.user_id', '=', query.user_id);
      if (query.status) q = q.where('c.status', '=', query.status);
      if (query.started_after) q = q.where('c.started_at', '>=', new Date(query.started_after));
      if (after) q = q.where('c.id', '>', after.id);
      return (await q.orderBy('c.id').limit(limit).execute()) as CallRow[];
    },
    record: (row) => ({ ...toCall(row), lead_name: leadName(row), user_name: row.user_name }),
  };
}

type TextRow = MessageRow & LeadName;

/** The organization's texts in id order, one row a text, with the lead's name. */
export function textExport(organizationId: string, query: TextExportQuery): ExportSource<TextRow> {
  return {
    async batch(tx, after, limit) {
      let q = tx
        .selectFrom('conversations as c')
        .leftJoin('leads as l', (j) => j.on('l.organization_id', '=', organizationId).onRef('l.id', '=', 'c.lead_id'))
        .select([...LEAD_NAME, ...MESSAGE_COLUMNS.map((c) => `c.${c}` as const)])
        .where('c.organization_id', '=', organizationId);
      if (query.lead_id) q = q.where('c.lead_id', '=', query.lead_id);
      if (query.direction) q = q.where('c.direction', '=', query.direction);
      if (query.status) q = q.where('c.status', '=', query.status);
      if (query.created_after) q = q.where('c.created_at', '>=', new Date(query.created_after));
      if (after) q = q.where('c.id', '>', after.id);
      return (await q.orderBy('c.id').limit(limit).execute()) as TextRow[];
    },
    record: (row) => ({ ...toMessage(row), lead_id: row.lead_id, lead_name: leadName(row) }),
  };
}
