import { sql } from 'kysely';
import { displayName, type CallExportQuery, type TextExportQuery } from '@wholesail/domain';
import { CALL_COLUMNS, toCall } from '../calls/repo';
import { MESSAGE_COLUMNS, toMessage, type MessageRow } from '../conversations/repo';
import type { ExportSource } from './csv-stream';

/** What a lead's name is made of (displayName); a call's or text's lead is joined by the primary key, and a text without a lead (an unknown sender's) has none. */
const LEAD_NAME = ['l.name', 'l.contact_1_name', 'l.owner_1_name', 'l.owner_1_first_name', 'l.owner_1_last_name'] as const;
type LeadName = { name: string | null; contact_1_name: string | null; owner_1_name: string | null; owner_1_first_name: string | null; owner_1_last_name: string | null };

const leadName = (row: LeadName & { lead_id: string | null }) => (row.lead_id === null ? null : displayName(row));

/**
 * The export's filters on its table `c` as one condition: each given value an equality, `since` a lower bound on its
 * instant, and the batch's start after the last id of the one before.
 */
function narrowed(equal: Record<string, string | undefined>, [column, since]: [string, string | undefined], after: { id: string } | undefined) {
  const parts = Object.entries(equal).flatMap(([name, value]) => (value === undefined ? [] : [sql<boolean>`${sql.ref(`c.${name}`)} = ${value}`]));
  if (since) parts.push(sql<boolean>`${sql.ref(`c.${column}`)} >= ${new Date(since)}`);
  if (after) parts.push(sql<boolean>`c.id > ${after.id}`);
  return parts.length === 0 ? sql<boolean>`true` : sql<boolean>`${sql.join(parts, sql` and `)}`;
}

type CallRow = Parameters<typeof toCall>[0] & LeadName & { user_name: string | null };

/** The organization's calls in id order, with the lead's name and the member's. */
export function callExport(organizationId: string, { lead_id, user_id, status, started_after }: CallExportQuery): ExportSource<CallRow> {
  return {
    batch: (tx, after, limit) =>
      tx
        .selectFrom('calls as c')
        .leftJoin('leads as l', (j) => j.on('l.organization_id', '=', organizationId).onRef('l.id', '=', 'c.lead_id'))
        .leftJoin('users as u', 'u.id', 'c.user_id')
        .select([...LEAD_NAME, ...CALL_COLUMNS.map((c) => `c.${c}` as const), 'u.name as user_name'])
        .where('c.organization_id', '=', organizationId)
        .where(narrowed({ lead_id, user_id, status }, ['started_at', started_after], after))
        .orderBy('c.id')
        .limit(limit)
        .execute() as Promise<CallRow[]>,
    record: (row) => ({ ...toCall(row), lead_name: leadName(row), user_name: row.user_name }),
  };
}

type TextRow = MessageRow & LeadName;

/** The organization's texts in id order, one row a text, with the lead's name. */
export function textExport(organizationId: string, { lead_id, direction, status, created_after }: TextExportQuery): ExportSource<TextRow> {
  return {
    batch: (tx, after, limit) =>
      tx
        .selectFrom('conversations as c')
        .leftJoin('leads as l', (j) => j.on('l.organization_id', '=', organizationId).onRef('l.id', '=', 'c.lead_id'))
        .select([...LEAD_NAME, ...MESSAGE_COLUMNS.map((c) => `c.${c}` as const)])
        .where('c.organization_id', '=', organizationId)
        .where(narrowed({ lead_id, direction, status }, ['created_at', created_after], after))
        .orderBy('c.id')
        .limit(limit)
        .execute() as Promise<TextRow[]>,
    record: (row) => ({ ...toMessage(row), lead_id: row.lead_id, lead_name: leadName(row) }),
  };
}
