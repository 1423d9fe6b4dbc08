import { sql, type Kysely, type Selectable } from 'kysely';
import type { ImportMapping, ImportRowError, ImportState, LeadFieldName } from '@wholesail/domain';
import type { Tx } from '../../db/scope';
import type { DB, LeadImports } from '../../db/types';
import type { LeadValues } from './rows';
import { LEAD_ACTIVITY } from '../activity/actions';

/** An import's row with its JSON columns as this module writes them (nothing else writes lead_imports). */
export type ImportRow = Omit<Selectable<LeadImports>, 'headers' | 'mapping' | 'errors'> & { headers: string[]; mapping: ImportMapping; errors: ImportRowError[] };
const asImport = ({ headers, mapping, errors, ...row }: Selectable<LeadImports>): ImportRow =>
  ({ ...row, headers: headers as string[], mapping: mapping as ImportMapping, errors: errors as ImportRowError[] });

/** Named, not `*`: see LEAD_COLUMNS (leads/repo.ts). */
const IMPORT_COLUMNS = [
  'organization_id', 'id', 'status', 'filename', 'total_rows', 'headers', 'mapping', 'rows_read', 'inserted', 'updated', 'skipped',
  'errors', 'failure', 'created_by', 'created_at', 'started_at', 'finished_at',
] as const;

export async function insertImport(
  tx: Tx,
  values: { id: string; organizationId: string; filename: string; totalRows: number; headers: string[]; mapping: ImportMapping; createdBy: string },
) {
  const row = await tx
    .insertInto('lead_imports')
    .values({
      id: values.id,
      organization_id: values.organizationId,
      filename: values.filename,
      total_rows: values.totalRows,
      headers: JSON.stringify(values.headers),
      mapping: JSON.stringify(values.mapping),
      created_by: values.createdBy,
    })
    .returning(IMPORT_COLUMNS)
    .executeTakeFirstOrThrow();
  return asImport(row);
}

export async function findImport(tx: Tx, organizationId: string, id: string, opts: { forUpdate?: boolean } = {}): Promise<ImportRow | undefined> {
  let q = tx.selectFrom('lead_imports').select(IMPORT_COLUMNS).where('organization_id', '=', organizationId).where('id', '=', id);
  if (opts.forUpdate) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  return row && asImport(row);
}

export async function setImportState(
  tx: Tx,
  organizationId: string,
  id: string,
  values: { status: ImportState; mapping?: ImportMapping; startedNow?: boolean; finishedNow?: boolean; failure?: string | null; totalRows?: number },
) {
  const row = await tx
    .updateTable('lead_imports')
    .set({
      status: values.status,
      ...(values.mapping ? { mapping: JSON.stringify(values.mapping) } : {}),
      ...(values.startedNow ? { started_at: sql<Date>`coalesce(started_at, now())` } : {}),
      ...(values.finishedNow ? { finished_at: sql<Date>`now()` } : {}),
      ...(values.failure !== undefined ? { failure: values.failure } : {}),
      ...(values.totalRows !== undefined ? { total_rows: values.totalRows } : {}),
    })
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .returning(IMPORT_COLUMNS)
    .executeTakeFirstOrThrow();
  return asImport(row);
}

export interface Progress {
  rows_read: number;
  inserted: number;
  updated: number;
  skipped: number;
  errors: ImportRowError[];
}

export async function saveProgress(tx: Tx, organizationId: string, id: string, p: Progress) {
  await tx
    .updateTable('lead_imports')
    .set({ rows_read: p.rows_read, inserted: p.inserted, updated: p.updated, skipped: p.skipped, errors: JSON.stringify(p.errors) })
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .execute();
}

/** Bulk writes skip the per-row change notifications (migration 0002); `false` turns them back on. */
export async function setBulkWrite(tx: Tx, on: boolean) {
  await sql`select set_config('app.bulk_write', ${on ? 'on' : 'off'}, true)`.execute(tx);
}

/** What merging a CSV row into an existing lead needs to recompute its derived columns. */
export const MERGE_BASE_COLUMNS = [
  'motivation_score', 'estimated_value', 'equity_amount', 'tax_delinquent', 'out_of_state_owner', 'pre_foreclosure',
  'vacant', 'phone', 'phone_number', 'email', 'contact_1_phone1', 'contact_1_phone2', 'contact_1_phone3', 'contact_1_email1',
  'status', 'property_address_full', 'property_address', 'address', 'badges',
] as const satisfies readonly LeadFieldName[];

export type ExistingLead = { id: string; address_key: string | null; phone_key: string | null } & LeadValues;

/** The organization's non-deleted leads with one of these address or phone keys, oldest first. */
export async function findLeadsByKeys(tx: Tx, organizationId: string, addressKeys: string[], phoneKeys: string[]): Promise<ExistingLead[]> {
  if (addressKeys.length === 0 && phoneKeys.length === 0) return [];
  const columns = (table: string) => sql.join(MERGE_BASE_COLUMNS.map((c) => sql.ref(`${table}.${c}`)));
  // One probe per key (LATERAL … OFFSET 0 keeps the keys outside): the plan stays an index nested loop
  // even when the statistics still think the organization is small.
  const probe = (keys: string[], column: 'address_key' | 'phone_key') => sql`
      select f.id, f.address_key, f.phone_key, f.created_at, ${columns('f')} from unnest(${keys}::text[]) k(key)
      cross join lateral (
        select l.id, l.address_key, l.phone_key, l.created_at, ${columns('l')}
        from leads l
        where l.organization_id = ${organizationId} and l.${sql.ref(column)} = k.key and l.status <> 'deleted'
        offset 0
      ) f`;
  const result = await sql<ExistingLead>`
    select id, address_key, phone_key, ${sql.join(MERGE_BASE_COLUMNS.map((c) => sql.ref(c)))}
    from (${probe(addressKeys, 'address_key')} union ${probe(phoneKeys, 'phone_key')}) found
    order by created_at, id`.execute(tx);
  return result.rows;
}

export interface DerivedValues {
  score_base: number;
  address_key: string | null;
  phone_key: string | null;
  phones_e164: string[];
}

/** Who imports, and the reason an imported Do Not Call lead's numbers are listed with (source import). */
export interface ImportListing {
  createdBy: string | null;
  dncReason: string;
  importId: string;
  filename: string;
}

/**
 * Records the leads a statement wrote on their timelines (lead.imported, by the member who imported), puts them on
 * the import's list (lead_list_members: a lead a second list matches is on both) and lists the numbers of those
 * written with `listed` true (a row of the file marked Do Not Call), in the same statement: `written` is the leads
 * statement, returning id, phones_e164 and listed.
 */
function recordWritten(written: ReturnType<typeof sql>, organizationId: string, listing: ImportListing, created: boolean) {
  const details = JSON.stringify({ import_id: listing.importId, filename: listing.filename, created });
  return sql`
    with written as (${written}),
    logged as (
      insert into activity_logs (organization_id, actor_id, action, entity_type, entity_id, details)
      select ${organizationId}::uuid, ${listing.createdBy}, ${LEAD_ACTIVITY.imported}, 'lead', w.id::text, ${details}::jsonb from written w
    ),
    members as (
      insert into lead_list_members (organization_id, import_id, lead_id)
      select ${organizationId}::uuid, ${listing.importId}::uuid, w.id from written w
      on conflict do nothing
    )
    insert into dnc_numbers (organization_id, phone_e164, source, reason, lead_id, created_by)
    select ${organizationId}::uuid, p.phone, 'import', ${listing.dncReason}, w.id, ${listing.createdBy}
    from written w cross join lateral unnest(w.phones_e164) as p(phone)
    where w.listed
    on conflict (organization_id, phone_e164) do nothing`;
}

/** NOT NULL lead columns with a default: a row that has no value for them gets the default. */
const NOT_NULL_DEFAULTS: Partial<Record<LeadFieldName, ReturnType<typeof sql.raw>>> = {
  dnc_status: sql.raw('false'),
  badges: sql.raw(`'{}'::text[]`),
};

/**
 * One INSERT … SELECT from a JSON array of rows: the batch in a single statement. When the file has a Do Not
 * Call column, the same statement lists every number of the leads it marks.
 */
export async function insertLeads(
  tx: Tx,
  organizationId: string,
  listing: ImportListing,
  fields: LeadFieldName[],
  rows: Array<LeadValues & DerivedValues>,
) {
  if (rows.length === 0) return;
  const cols = sql.join(fields.map((f) => sql.ref(f)));
  const picks = sql.join(
    fields.map((f) => (NOT_NULL_DEFAULTS[f] ? sql`coalesce(r.${sql.ref(f)}, ${NOT_NULL_DEFAULTS[f]})` : sql`r.${sql.ref(f)}`)),
  );
  const fieldPart = fields.length > 0 ? sql`, ${cols}` : sql``;
  const pickPart = fields.length > 0 ? sql`, ${picks}` : sql``;
  const insert = sql`
    insert into leads (organization_id, status, source, created_by, score_base, address_key, phone_key, phones_e164${fieldPart})
    select ${organizationId}::uuid, 'new', 'csv_import', ${listing.createdBy}, r.score_base, r.address_key, r.phone_key, r.phones_e164${pickPart}
    from json_populate_recordset(null::leads, ${JSON.stringify(rows)}::json) r`;
  await recordWritten(sql`${insert} returning id, phones_e164, dnc_status as listed`, organizationId, listing, true).execute(tx);
}

/**
 * One UPDATE … FROM a JSON array: each lead gets the row's non-empty values and its recomputed derived columns.
 * An import never clears Do Not Call (a row without it keeps the lead's flag); a row that marks it lists the
 * lead's numbers in the same statement.
 */
export async function updateLeads(
  tx: Tx,
  organizationId: string,
  listing: ImportListing,
  fields: LeadFieldName[],
  rows: Array<{ id: string } & LeadValues & DerivedValues>,
) {
  if (rows.length === 0) return;
  const sets = fields.map((f) =>
    f === 'badges'
      ? sql`badges = case when v.badges is null then l.badges else array(select distinct b from unnest(l.badges || v.badges) b order by b) end`
      : f === 'dnc_status'
        ? sql`dnc_status = l.dnc_status or coalesce(v.dnc_status, false)`
        : sql`${sql.ref(f)} = coalesce(v.${sql.ref(f)}, l.${sql.ref(f)})`,
  );
  const setPart = sets.length > 0 ? sql`${sql.join(sets)}, ` : sql``;
  const update = sql`
    update leads l
    set ${setPart}score_base = v.score_base, address_key = v.address_key, phone_key = v.phone_key, phones_e164 = v.phones_e164, updated_at = now()
    from json_populate_recordset(null::leads, ${JSON.stringify(rows)}::json) v
    where l.organization_id = ${organizationId}::uuid and l.id = v.id`;
  await recordWritten(sql`${update} returning l.id, l.phones_e164, v.dnc_status is true as listed`, organizationId, listing, false).execute(tx);
}

/**
 * Refreshes the planner's statistics of the leads columns an import's plans depend on. Runs as the
 * connecting role (the tables' owner); a role that may not ANALYZE simply skips it.
 */
export async function refreshLeadStatistics(db: Kysely<DB>) {
  try {
    await sql`analyze leads (organization_id, address_key, phone_key)`.execute(db);
  } catch {
    // Statistics are an optimisation; autovacuum refreshes them too.
  }
}
