import { sql, type Kysely } from 'kysely';
import type { ImportMapping, ImportRowError, ImportState, LeadFieldName } from '@wholesail/domain';
import type { Tx } from '../../db/scope';
import type { DB } from '../../db/types';
import { importTx } from './tables';
import type { LeadValues } from './rows';

export async function insertImport(
  tx: Tx,
  values: { organizationId: string; filename: string; totalRows: number; headers: string[]; mapping: ImportMapping; createdBy: string },
) {
  return importTx(tx)
    .insertInto('lead_imports')
    .values({
      organization_id: values.organizationId,
      filename: values.filename,
      total_rows: values.totalRows,
      headers: JSON.stringify(values.headers),
      mapping: JSON.stringify(values.mapping),
      created_by: values.createdBy,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function storeFile(tx: Tx, organizationId: string, importId: string, content: string) {
  await importTx(tx).insertInto('lead_import_files').values({ organization_id: organizationId, import_id: importId, content }).execute();
}

export async function loadFile(tx: Tx, importId: string): Promise<string | null> {
  const row = await importTx(tx).selectFrom('lead_import_files').select('content').where('import_id', '=', importId).executeTakeFirst();
  return row?.content ?? null;
}

export async function findImport(tx: Tx, id: string, opts: { forUpdate?: boolean } = {}) {
  let q = importTx(tx).selectFrom('lead_imports').selectAll().where('id', '=', id);
  if (opts.forUpdate) q = q.forUpdate();
  return q.executeTakeFirst();
}
export type ImportRow = NonNullable<Awaited<ReturnType<typeof findImport>>>;

export async function setImportState(
  tx: Tx,
  id: string,
  values: { status: ImportState; mapping?: ImportMapping; startedNow?: boolean; finishedNow?: boolean; failure?: string | null },
) {
  return importTx(tx)
    .updateTable('lead_imports')
    .set({
      status: values.status,
      ...(values.mapping ? { mapping: JSON.stringify(values.mapping) } : {}),
      ...(values.startedNow ? { started_at: sql<Date>`coalesce(started_at, now())` } : {}),
      ...(values.finishedNow ? { finished_at: sql<Date>`now()` } : {}),
      ...(values.failure !== undefined ? { failure: values.failure } : {}),
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteFile(tx: Tx, importId: string) {
  await importTx(tx).deleteFrom('lead_import_files').where('import_id', '=', importId).execute();
}

export interface Progress {
  rows_read: number;
  inserted: number;
  updated: number;
  skipped: number;
  errors: ImportRowError[];
}

export async function saveProgress(tx: Tx, id: string, p: Progress) {
  await importTx(tx)
    .updateTable('lead_imports')
    .set({ rows_read: p.rows_read, inserted: p.inserted, updated: p.updated, skipped: p.skipped, errors: JSON.stringify(p.errors) })
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
  'vacant', 'phone', 'email', 'contact_1_phone1', 'contact_1_email1', 'status', 'property_address_full',
  'property_address', 'address', 'badges',
] as const satisfies readonly LeadFieldName[];

export type ExistingLead = { id: string; address_key: string | null; phone_key: string | null } & LeadValues;

/** The organization's non-deleted leads with one of these address or phone keys, oldest first. */
export async function findLeadsByKeys(tx: Tx, organizationId: string, addressKeys: string[], phoneKeys: string[]): Promise<ExistingLead[]> {
  if (addressKeys.length === 0 && phoneKeys.length === 0) return [];
  const columns = sql.join(MERGE_BASE_COLUMNS.map((c) => sql.ref(`l.${c}`)));
  // One probe per key (LATERAL … OFFSET 0 keeps the keys outside): the plan stays an index nested loop
  // even when the statistics still think the organization is small.
  const probe = (keys: string[], column: 'address_key' | 'phone_key') => sql`
      select f.* from unnest(${keys}::text[]) k(key)
      cross join lateral (
        select l.id, l.address_key, l.phone_key, l.created_at, ${columns}
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
}

/** NOT NULL lead columns with a default: a row that has no value for them gets the default. */
const NOT_NULL_DEFAULTS: Partial<Record<LeadFieldName, ReturnType<typeof sql.raw>>> = {
  dnc_status: sql.raw('false'),
  badges: sql.raw(`'{}'::text[]`),
};

/** One INSERT … SELECT from a JSON array of rows: the batch in a single statement. */
export async function insertLeads(
  tx: Tx,
  organizationId: string,
  createdBy: string | null,
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
  await sql`
    insert into leads (organization_id, status, source, created_by, score_base, address_key, phone_key${fieldPart})
    select ${organizationId}::uuid, 'new', 'csv_import', ${createdBy}, r.score_base, r.address_key, r.phone_key${pickPart}
    from json_populate_recordset(null::leads, ${JSON.stringify(rows)}::json) r`.execute(tx);
}

/** One UPDATE … FROM a JSON array: each lead gets the row's non-empty values and its recomputed derived columns. */
export async function updateLeads(
  tx: Tx,
  organizationId: string,
  fields: LeadFieldName[],
  rows: Array<{ id: string } & LeadValues & DerivedValues>,
) {
  if (rows.length === 0) return;
  const sets = fields.map((f) =>
    f === 'badges'
      ? sql`badges = case when v.badges is null then l.badges else array(select distinct b from unnest(l.badges || v.badges) b order by b) end`
      : sql`${sql.ref(f)} = coalesce(v.${sql.ref(f)}, l.${sql.ref(f)})`,
  );
  const setPart = sets.length > 0 ? sql`${sql.join(sets)}, ` : sql``;
  await sql`
    update leads l
    set ${setPart}score_base = v.score_base, address_key = v.address_key, phone_key = v.phone_key, updated_at = now()
    from json_populate_recordset(null::leads, ${JSON.stringify(rows)}::json) v
    where l.organization_id = ${organizationId}::uuid and l.id = v.id`.execute(tx);
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
