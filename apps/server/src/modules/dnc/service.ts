import { sql } from 'kysely';
import {
  dncListedMessage, formatListedDate, formatPhone, leadCallingLocation, leadCallNumbers, timeZoneFor, DNC_IMPORT_MAX_INVALID,
  type AddDncBody, type DncEntry, type DncImportResult, type DncList, type DncRemoval, type DncListQuery, type DncSource, type LeadDncNumber,
} from '@wholesail/domain';
import type { Tx } from '../../db/scope';
import type { RequestContext } from '../../http/context';
import { AppError, conflict, notFound } from '../../http/errors';
import { setBulkWrite } from '../lead-import/repo';
import { emit } from '../outbox/emit';
import { audit, auditEach } from '../audit/audit';
import { LEAD_ACTIVITY } from '../activity/actions';
import { readNumberRows } from './csv';
import * as repo from './repo';

/** activity_logs action of a lead marked Do Not Call (a lead edit, the post-call box). */
export const DNC_MARKED_ACTION = 'lead.dnc_marked';
/** activity_logs action of a number taken off the list (by an owner or admin, or by a START from it). */
export const DNC_REMOVED_ACTION = 'dnc.removed';

/** activity_logs action of an imported file of numbers. */
export const DNC_IMPORTED_ACTION = 'dnc.imported';

/** Numbers per INSERT of an import. */
const IMPORT_CHUNK = 5000;
/** Up to this many numbers an import announces each listing (and each lead it marks) on the realtime feed. */
const DNC_IMPORT_LIVE_ROWS = 500;

type PhoneFields = Parameters<typeof leadCallNumbers>[0];

/** The lead's time zone (the calling window's), UTC when its location is unknown: the day its listings are dated in. */
export function leadTimeZone(lead: Record<string, unknown>): string {
  const loc = leadCallingLocation(lead);
  return timeZoneFor(loc.state, loc.zip) ?? 'UTC';
}

/** How a lead's numbers are listed: the source, the reason, the member (null when automatic). */
export interface Listing {
  source: DncSource;
  reason: string | null;
  userId: string | null;
}

/** Announces the numbers a lead's listing added (none: nothing changed, nothing to tell). */
async function announceListed(tx: Tx, organizationId: string, leadId: string, numbers: string[]): Promise<string[]> {
  if (numbers.length > 0) await emit(tx, { type: 'lead.dnc_added', organizationId, leadId, numbers });
  return numbers;
}

/**
 * Numbers listed by themselves (by hand, from a file): each live lead carrying one is told, as one event per lead
 * naming its numbers, written in one statement whatever the count (the sequences end those leads' enrolments).
 */
async function announceListedNumbers(tx: Tx, organizationId: string, numbers: readonly string[]): Promise<void> {
  if (numbers.length === 0) return;
  const listed = sql.val(numbers);
  await sql`
    insert into outbox (organization_id, type, payload)
    select l.organization_id, 'lead.dnc_added',
      jsonb_build_object('leadId', l.id, 'numbers', to_jsonb(array(select unnest(l.phones_e164) intersect select unnest(${listed}::text[]))))
    from leads l
    where l.organization_id = ${organizationId} and l.phones_e164 && ${listed}::text[] and l.status <> 'deleted'
    order by l.id`.execute(tx);
}

/** Lists every number of a lead (phone, phone_number, contact_1_phone1..3), in the caller's transaction. */
export async function listLeadNumbers(tx: Tx, organizationId: string, lead: { id: string } & PhoneFields, listing: Listing): Promise<string[]> {
  const rows = leadCallNumbers(lead).map((phone_e164) => ({ phone_e164, reason: listing.reason }));
  return announceListed(tx, organizationId, lead.id, await repo.insertListings(tx, organizationId, { source: listing.source, leadId: lead.id, userId: listing.userId }, rows));
}

/**
 * An opt-out by text from `from`: that number and every number of the lead it reached are listed (sms_opt_out),
 * each remembering `from`, so a START from it takes them off again.
 */
export async function listOptOut(tx: Tx, organizationId: string, input: { lead: { id: string } & PhoneFields; from: string | null; reason: string }): Promise<string[]> {
  const { lead, from, reason } = input;
  const others = leadCallNumbers(lead).filter((n) => n !== from);
  const withIt = from ? `Listed with ${formatPhone(from)}, which opted out by text` : reason;
  const rows = [...(from ? [{ phone_e164: from, reason }] : []), ...others.map((phone_e164) => ({ phone_e164, reason: withIt }))];
  return announceListed(tx, organizationId, lead.id, await repo.insertListings(tx, organizationId, { source: 'sms_opt_out', leadId: lead.id, userId: null, optOutFrom: from }, rows));
}

/** The first of `numbers` that is listed (in that order), or null. */
export async function firstListed(tx: Tx, organizationId: string, numbers: readonly string[]): Promise<repo.StoredEntry | null> {
  const listed = await repo.findListed(tx, organizationId, numbers);
  return numbers.map((n) => listed.find((e) => e.phone_e164 === n)).find((e) => e !== undefined) ?? null;
}

/** The numbers the gate looks up for a lead: the destination first, then the lead's callable numbers. */
export const gateNumbers = (lead: Record<string, unknown>, to: string | null): string[] => [...new Set([...(to ? [to] : []), ...leadCallNumbers(lead)])];

/** The listed entries among `numbers`, by number: one read for a batch of leads (the gate's batch for texts). */
export async function listedByNumber(tx: Tx, organizationId: string, numbers: readonly string[]): Promise<Map<string, repo.StoredEntry>> {
  return new Map((await repo.findListed(tx, organizationId, [...new Set(numbers)])).map((e) => [e.phone_e164, e]));
}

/** The compliance gate's refusal for a listed number (the destination first, then the lead's numbers), from entries read before, or null. */
export function listedRefusalFrom(listed: ReadonlyMap<string, repo.StoredEntry>, lead: Record<string, unknown>, to: string | null) {
  const number = gateNumbers(lead, to).find((n) => listed.has(n));
  if (!number) return null;
  const entry = listed.get(number)!;
  return {
    error: conflict(dncListedMessage(entry, leadTimeZone(lead)), 'DNC_LISTED'),
    details: { phone_e164: entry.phone_e164, source: entry.source, listed_at: entry.created_at },
  };
}

/** The compliance gate's refusal for a listed number (the destination first, then the lead's numbers), or null. */
export async function listedNumberRefusal(tx: Tx, organizationId: string, lead: Record<string, unknown>, to: string | null) {
  return listedRefusalFrom(await listedByNumber(tx, organizationId, gateNumbers(lead, to)), lead, to);
}

/**
 * Clearing a lead's own Do Not Call flag while one of its numbers is listed would leave it Do Not Call anyway:
 * the 409 that says which number and who can take it off, or null.
 */
export async function clearFlagRefusal(tx: Tx, organizationId: string, lead: Record<string, unknown>): Promise<AppError | null> {
  const entry = await firstListed(tx, organizationId, leadCallNumbers(lead));
  if (!entry) return null;
  return conflict(`${dncListedMessage(entry, leadTimeZone(lead))}. An owner or admin takes it off the list first (Settings → Voice & Dialer → Do Not Contact)`, 'DNC_LISTED');
}

/** A lead's listed numbers and why (GET /api/leads/:id); none without a query when the lead has none listed. */
export function leadDncNumbers(tx: Tx, organizationId: string, row: { dnc_listed?: unknown; phones_e164?: unknown }): Promise<LeadDncNumber[]> {
  if (row.dnc_listed !== true || !Array.isArray(row.phones_e164)) return Promise.resolve([]);
  return repo.leadNumbers(tx, organizationId, row.phones_e164 as string[]);
}

/**
 * Takes entries off the list, clears the own flag of every lead carrying them that has no listed number left
 * (so no lead is left half-cleared), and records each removal in activity_logs. Returns the leads cleared.
 */
async function takeOff(
  tx: Tx,
  organizationId: string,
  entries: readonly repo.StoredEntry[],
  how: { actorId: string | null; reason: string; via: 'dnc_list' | 'sms_opt_in'; override?: boolean },
): Promise<{ removed: repo.StoredEntry[]; cleared: string[] }> {
  const numbers = await repo.deleteListings(tx, organizationId, entries.map((e) => e.phone_e164));
  const removed = entries.filter((e) => numbers.includes(e.phone_e164));
  const cleared = await repo.clearUnlistedLeads(tx, organizationId, numbers);
  const actor = { organizationId, user: how.actorId ? { id: how.actorId } : null };
  for (const entry of removed) {
    await audit(tx, actor, DNC_REMOVED_ACTION, { type: 'dnc_number', id: entry.phone_e164 }, {
      reason: how.reason, via: how.via, confirm_opt_out_override: how.override ?? false, listed: repo.toEntry(entry), leads_cleared: cleared,
    });
  }
  await auditEach(tx, actor, LEAD_ACTIVITY.dncCleared, cleared.map((id) => ({ type: 'lead', id })), { numbers: removed.map((e) => e.phone_e164), via: how.via, reason: how.reason });
  return { removed, cleared };
}

/** A START from `number`: the listings its opt-out made come off; a listing of another source stays. */
export async function optInNumber(tx: Tx, organizationId: string, number: string, reason: string) {
  const { removed, cleared } = await takeOff(tx, organizationId, await repo.optOutListings(tx, organizationId, number), { actorId: null, reason, via: 'sms_opt_in' });
  const [still] = await repo.findListed(tx, organizationId, [number]);
  return { removed: removed.map((e) => e.phone_e164), leadsCleared: cleared, stillListed: still ? repo.toEntry(still) : null };
}

// ---------------------------------------------------------------------------------------------
// The routes of docs/api-dnc.md

export function listDnc(ctx: RequestContext, query: DncListQuery): Promise<DncList> {
  return ctx.read((tx) => repo.listPage(tx, ctx.organizationId, query));
}

/** Lists a number by hand; an already listed number keeps (and answers) its first entry. */
export function addDnc(ctx: RequestContext, body: AddDncBody): Promise<{ entry: DncEntry; created: boolean }> {
  return ctx.write(async (tx) => {
    const added = await repo.insertListings(tx, ctx.organizationId, { source: 'manual', leadId: null, userId: ctx.user.id }, [{ phone_e164: body.phone, reason: body.reason || null }]);
    await announceListedNumbers(tx, ctx.organizationId, added);
    const [entry] = await repo.findListed(tx, ctx.organizationId, [body.phone]);
    return { entry: repo.toEntry(entry!), created: added.length > 0 };
  });
}

/** An owner's or admin's removal, with a reason; a number that opted out by text needs the override confirmed. */
export function removeDnc(ctx: RequestContext, phone: string, input: { reason: string; override: boolean }): Promise<DncRemoval> {
  const unlisted = notFound(`${formatPhone(phone)} is not on the Do Not Call list`);
  return ctx.write(async (tx) => {
    const [entry] = await repo.findListed(tx, ctx.organizationId, [phone]);
    if (!entry) throw unlisted;
    if (entry.source === 'sms_opt_out' && !input.override) {
      throw conflict(
        `${formatPhone(phone)} opted out by text (${formatListedDate(entry.created_at)}). Removing it overrides the person's own request: confirm the override (confirm_opt_out_override: true), or wait for a START texted from that number`,
        'OPT_OUT_OVERRIDE_REQUIRED',
      );
    }
    const { removed, cleared } = await takeOff(tx, ctx.organizationId, [entry], { actorId: ctx.user.id, reason: input.reason, via: 'dnc_list', override: input.override });
    // Another removal of the same number committed first.
    if (removed.length === 0) throw unlisted;
    return { removed: repo.toEntry(entry), leads_cleared: cleared };
  });
}

/**
 * A CSV of numbers, listed in one transaction (source import) and recorded in activity_logs (`dnc.imported`). A file
 * of more than DNC_IMPORT_LIVE_ROWS numbers is one change on the realtime feed (that record), not one per number and
 * lead marked, as a lead import's batches are.
 */
export async function importDnc(ctx: RequestContext, bytes: Uint8Array): Promise<DncImportResult> {
  const { rows, invalid } = await readNumberRows(bytes);
  const added = await ctx.write(async (tx) => {
    const bulk = rows.length > DNC_IMPORT_LIVE_ROWS;
    if (bulk) await setBulkWrite(tx, true);
    let count = 0;
    for (let i = 0; i < rows.length; i += IMPORT_CHUNK) {
      const added = await repo.insertListings(tx, ctx.organizationId, { source: 'import', leadId: null, userId: ctx.user.id }, rows.slice(i, i + IMPORT_CHUNK));
      await announceListedNumbers(tx, ctx.organizationId, added);
      count += added.length;
    }
    if (bulk) await setBulkWrite(tx, false);
    await audit(tx, ctx, DNC_IMPORTED_ACTION, { type: 'dnc_number' }, { added: count, already_listed: rows.length - count, invalid_count: invalid.length });
    return count;
  });
  return { added, already_listed: rows.length - added, invalid: invalid.slice(0, DNC_IMPORT_MAX_INVALID), invalid_count: invalid.length };
}
