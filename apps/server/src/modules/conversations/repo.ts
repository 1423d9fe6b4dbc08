import { sql } from 'kysely';
import { digitsOf, displayName, type ConversationMessage, type ConversationStatus, type ConversationThread } from '@wholesail/domain';
import type { Tx } from '../../db/scope';
import { iso } from '../../db/timestamps';
import { leadTextNumber } from '../calls/gate';
import { searchPattern } from '../leads/list';

/** A thread is read at most this many texts back (the latest ones). */
export const THREAD_MESSAGES_MAX = 1000;

export const MESSAGE_COLUMNS = [
  'id', 'lead_id', 'body', 'direction', 'channel', 'status', 'provider_sid', 'from_e164', 'to_e164', 'created_at', 'read_at', 'error',
] as const;

export type MessageRow = {
  id: string; lead_id: string | null; body: string; direction: 'inbound' | 'outbound'; channel: string; status: ConversationStatus;
  provider_sid: string | null; from_e164: string | null; to_e164: string | null; created_at: Date | string; read_at: Date | string | null; error: string | null;
};

export function toMessage(row: MessageRow): ConversationMessage {
  return {
    id: row.id,
    lead_id: row.lead_id!,
    body: row.body,
    direction: row.direction,
    channel: 'sms',
    status: row.status,
    provider_sid: row.provider_sid,
    from_e164: row.from_e164,
    to_e164: row.to_e164,
    created_at: iso(row.created_at),
    read_at: iso(row.read_at),
    error: row.error,
  };
}

export interface NewMessage {
  organization_id: string;
  lead_id: string;
  body: string;
  direction: 'inbound' | 'outbound';
  status: ConversationStatus;
  from_e164: string;
  to_e164: string;
  provider_sid?: string | null;
  user_id?: string | null;
}

/** Inserts a text; with a provider sid already stored for the organization nothing is inserted (undefined). */
export async function insertMessage(tx: Tx, values: NewMessage): Promise<MessageRow | undefined> {
  return tx
    .insertInto('conversations')
    .values({ ...values, channel: 'sms' })
    .onConflict((oc) => oc.columns(['provider_sid', 'organization_id']).where('provider_sid', 'is not', null).doNothing())
    .returning(MESSAGE_COLUMNS)
    .executeTakeFirst();
}

/** Queued outbound texts, one statement for a batch; each row carries its id, so the caller knows which is which. */
export async function insertQueued(tx: Tx, rows: ReadonlyArray<NewMessage & { id: string }>): Promise<MessageRow[]> {
  if (rows.length === 0) return [];
  return tx.insertInto('conversations').values(rows.map((row) => ({ ...row, channel: 'sms' }))).returning(MESSAGE_COLUMNS).execute();
}

/** The provider's answers for a batch of queued texts: 'sent' with its sid or 'failed' with the reason (rows no longer queued stay). */
export async function settleQueued(
  tx: Tx, organizationId: string, answers: ReadonlyArray<{ id: string; status: 'sent' | 'failed'; sid: string | null; error: string | null }>,
): Promise<MessageRow[]> {
  if (answers.length === 0) return [];
  const { rows } = await sql<MessageRow>`
    update conversations c set status = u.status, provider_sid = u.sid, error = u.error, updated_at = now()
    from unnest(
      ${sql.val(answers.map((a) => a.id))}::uuid[], ${sql.val(answers.map((a) => a.status))}::text[],
      ${sql.val(answers.map((a) => a.sid))}::text[], ${sql.val(answers.map((a) => a.error))}::text[]
    ) as u(id, status, sid, error)
    where c.organization_id = ${organizationId} and c.id = u.id and c.direction = 'outbound' and c.status = 'queued'
    returning ${sql.join(MESSAGE_COLUMNS.map((c) => sql.ref(`c.${c}`)))}`.execute(tx);
  return rows;
}

export async function findBySid(tx: Tx, organizationId: string, providerSid: string) {
  return tx.selectFrom('conversations').select(MESSAGE_COLUMNS).where('organization_id', '=', organizationId).where('provider_sid', '=', providerSid).executeTakeFirst();
}

/** An outbound text's new state, applied only while its status is one of `onlyStatuses`. */
export async function updateOutbound(
  tx: Tx,
  organizationId: string,
  where: { id: string } | { providerSid: string },
  values: { status: ConversationStatus; provider_sid?: string; error?: string | null },
  onlyStatuses: readonly ConversationStatus[],
): Promise<MessageRow | undefined> {
  let q = tx
    .updateTable('conversations')
    .set({ ...values, updated_at: new Date() })
    .where('organization_id', '=', organizationId)
    .where('direction', '=', 'outbound')
    .where('status', 'in', onlyStatuses);
  q = 'id' in where ? q.where('id', '=', where.id) : q.where('provider_sid', '=', where.providerSid);
  return q.returning(MESSAGE_COLUMNS).executeTakeFirst();
}

/** One text as the API shows it (a webhook's snapshot). */
export async function findMessage(tx: Tx, organizationId: string, id: string): Promise<ConversationMessage | undefined> {
  const row = await tx.selectFrom('conversations').select(MESSAGE_COLUMNS).where('organization_id', '=', organizationId).where('id', '=', id).executeTakeFirst();
  return row?.lead_id ? toMessage(row) : undefined;
}

/** A lead's texts, oldest first (the latest THREAD_MESSAGES_MAX). */
export async function listForLead(tx: Tx, organizationId: string, leadId: string): Promise<ConversationMessage[]> {
  const rows = await tx
    .selectFrom('conversations')
    .select(MESSAGE_COLUMNS)
    .where('organization_id', '=', organizationId)
    .where('lead_id', '=', leadId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(THREAD_MESSAGES_MAX)
    .execute();
  return rows.reverse().map(toMessage);
}

/** Marks the lead's unread inbound texts read; how many were. */
export async function markRead(tx: Tx, organizationId: string, leadId: string, at: Date): Promise<number> {
  const rows = await tx
    .updateTable('conversations')
    .set({ read_at: at, updated_at: at })
    .where('organization_id', '=', organizationId)
    .where('lead_id', '=', leadId)
    .where('direction', '=', 'inbound')
    .where('read_at', 'is', null)
    .returning('id')
    .execute();
  return rows.length;
}

type ThreadRow = {
  lead_id: string; body: string; direction: 'inbound' | 'outbound'; status: ConversationStatus; created_at: Date | string;
  from_e164: string | null; to_e164: string | null; unread_count: number; dnc_status: boolean | null;
  name: string | null; contact_1_name: string | null; owner_1_name: string | null; owner_1_first_name: string | null; owner_1_last_name: string | null;
  contact_1_phone1: string | null; contact_1_phone2: string | null; contact_1_phone3: string | null; phone: string | null; phone_number: string | null;
};

/** What a thread search matches: the lead list's search (names, addresses, emails, phone digits), and a +1 number without its 1. */
function threadSearch(search: string) {
  const patterns = [searchPattern(search)];
  const digits = digitsOf(search);
  if (patterns[0] === `%${digits}%` && digits.length === 11 && digits.startsWith('1')) patterns.push(`%${digits.slice(1)}%`);
  return sql<boolean>`(${sql.join(patterns.map((p) => sql`l.search_text like ${p}`), sql` or `)})`;
}

/** One row per live lead with texts, the newest last text first, with the lead's unread inbound count. */
export async function listThreads(tx: Tx, organizationId: string, query: { search?: string; limit: number }): Promise<ConversationThread[]> {
  const search = query.search ? threadSearch(query.search) : null;
  const result = await sql<ThreadRow>`
    with latest as (
      select distinct on (c.lead_id) c.lead_id, c.body, c.direction, c.status, c.created_at, c.from_e164, c.to_e164
      from conversations c
      where c.organization_id = ${organizationId} and c.lead_id is not null
      order by c.lead_id, c.created_at desc, c.id desc
    )
    select latest.lead_id, latest.body, latest.direction, latest.status, latest.created_at, latest.from_e164, latest.to_e164, (l.dnc_status or l.dnc_listed) as dnc_status, l.name, l.contact_1_name, l.owner_1_name, l.owner_1_first_name, l.owner_1_last_name,
      l.contact_1_phone1, l.contact_1_phone2, l.contact_1_phone3, l.phone, l.phone_number,
      (select count(*)::int from conversations u
        where u.organization_id = ${organizationId} and u.lead_id = latest.lead_id and u.direction = 'inbound' and u.read_at is null) as unread_count
    from latest
    join leads l on l.organization_id = ${organizationId} and l.id = latest.lead_id and l.status <> 'deleted'
    ${search ? sql`where ${search}` : sql``}
    order by latest.created_at desc, latest.lead_id
    limit ${query.limit}`.execute(tx);
  return result.rows.map((row) => ({
    lead_id: row.lead_id,
    lead_name: displayName(row),
    phone: (row.direction === 'inbound' ? row.from_e164 : row.to_e164) ?? leadTextNumber({ ...row, id: row.lead_id }),
    last_message: { body: row.body, direction: row.direction, status: row.status, created_at: iso(row.created_at) },
    unread_count: row.unread_count,
    dnc_status: row.dnc_status === true,
  }));
}

/** The organization and id of an outbound text by its provider sid (system role). */
export async function findOutboundBySid(tx: Tx, providerSid: string) {
  return tx
    .selectFrom('conversations')
    .select(['organization_id', 'id'])
    .where('provider_sid', '=', providerSid)
    .where('direction', '=', 'outbound')
    .executeTakeFirst();
}
