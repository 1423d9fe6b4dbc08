import type { Kysely } from 'kysely';
import { IMPORT_MAX_ERRORS, mappingProblems, type ImportMapping, type ImportStatus, type LeadFieldName } from '@wholesail/domain';
import { withTenant, type Tx } from '../../db/scope';
import { iso } from '../../db/timestamps';
import type { DB } from '../../db/types';
import type { RequestContext } from '../../http/context';
import { AppError, badRequest, conflict, notFound } from '../../http/errors';
import { JobInterrupted } from '../../jobs/queue';
import { StoredFileMissing, type FileStorage } from '../../providers/storage';
import { deriveLeadColumns } from '../leads/derive';
import { dataRecords, decodeChunks, fileEncoding, notValidCsv, type CsvRecord } from './csv';
import {
  findImport,
  findLeadsByKeys,
  refreshLeadStatistics,
  insertLeads,
  saveProgress,
  setBulkWrite,
  setImportState,
  updateLeads,
  type DerivedValues,
  type ImportRow,
  type Progress,
} from './repo';
import { buildRow, planImport, type ImportPlan, type LeadValues } from './rows';
import { importFileKey } from './upload';

export const LEAD_IMPORT_QUEUE = 'lead-import';
export interface LeadImportJob {
  organizationId: string;
  importId: string;
}
/** Queues the import's job in `tx`, the transaction that marks the import queued: both commit or neither does. */
export type EnqueueImport = (tx: Tx, job: LeadImportJob) => Promise<unknown>;
/** What an import's job works with: the database and the storage its file waits in. */
export interface ImportDeps {
  db: Kysely<DB>;
  storage: FileStorage;
}

export function toImportStatus(row: ImportRow): ImportStatus {
  return {
    id: row.id,
    status: row.status,
    filename: row.filename,
    total_rows: row.total_rows,
    rows_read: row.rows_read,
    inserted: row.inserted,
    updated: row.updated,
    skipped: row.skipped,
    errors: row.errors,
    created_at: iso(row.created_at),
    finished_at: iso(row.finished_at),
  };
}

export async function getImport(ctx: RequestContext, id: string): Promise<ImportStatus> {
  const row = await ctx.read((tx) => findImport(tx, ctx.organizationId, id));
  if (!row) throw notFound('Import not found');
  return toImportStatus(row);
}

const IDENTITY_FIELDS = new Set<LeadFieldName>([
  'property_address_full', 'property_address', 'property_address_line_1', 'property_address_street', 'address',
  'owner_1_name', 'owner_1_first_name', 'owner_1_last_name', 'name',
]);

/** Confirms the mapping and queues the job, in one transaction. */
export async function startImport(
  ctx: RequestContext,
  id: string,
  mapping: Record<string, string | null>,
  enqueue: EnqueueImport,
): Promise<ImportStatus> {
  const row = await ctx.write(async (tx) => {
    const found = await findImport(tx, ctx.organizationId, id, { forUpdate: true });
    if (!found) throw notFound('Import not found');
    if (found.status !== 'awaiting_mapping') throw conflict('This import has already been started', 'IMPORT_STARTED');
    const problems = mappingProblems(found.headers, mapping);
    if (problems.length > 0) throw badRequest(problems.join('; '), 'VALIDATION_ERROR');
    const full: ImportMapping = Object.fromEntries(found.headers.map((h) => [h, (mapping[h] ?? null) as LeadFieldName | null]));
    if (!Object.values(full).some((f) => f !== null && IDENTITY_FIELDS.has(f))) {
      throw badRequest('mapping: map a column to the property address or the owner name', 'VALIDATION_ERROR');
    }
    const queued = await setImportState(tx, ctx.organizationId, id, { status: 'queued', mapping: full });
    await enqueue(tx, { organizationId: ctx.organizationId, importId: id });
    return queued;
  });
  return toImportStatus(row);
}

// ---------------------------------------------------------------------------------------------
// The job

export const BATCH_SIZE = 2000;
/**
 * After this many inserts an import refreshes the planner's statistics of leads once: an organization
 * the statistics still think is empty would otherwise get plans that scan all of its rows per batch.
 */
const ANALYZE_AFTER_INSERTS = 1000;
/** Progress reaches the realtime feed at most this often (every batch still records it). */
const PUBLISH_EVERY_MS = 400;

export interface RunOptions {
  /** Checked between batches: true stops the run, which resumes from its last batch on retry. */
  shouldStop?: () => boolean;
  /** This is the job's last attempt: a failure marks the import failed. */
  lastAttempt?: boolean;
  batchSize?: number;
  /** Runs in the transaction that marks the import finished (completed, or failed on its last attempt). */
  onFinished?: (tx: Tx) => Promise<void>;
}

/** Another run of the same import got ahead of this one (a duplicate job); this one stops. */
class Superseded extends Error {}

/**
 * Runs an import to the end. Each batch of rows is one transaction that also records progress, so a
 * retried run skips what is committed and never writes a row twice. Finished imports are left alone.
 */
export async function runImport(deps: ImportDeps, job: LeadImportJob, options: RunOptions = {}): Promise<void> {
  const { db, storage } = deps;
  const { organizationId, importId } = job;
  const row = await withTenant(db, organizationId, async (tx) => {
    const found = await findImport(tx, organizationId, importId, { forUpdate: true });
    if (!found || (found.status !== 'queued' && found.status !== 'running')) return null;
    return setImportState(tx, organizationId, importId, { status: 'running', startedNow: true });
  });
  if (!row) return;
  try {
    const content = await storedText(storage, importFileKey(organizationId, importId));
    const plan = planImport(row.headers, row.mapping);
    const progress: Progress = {
      rows_read: row.rows_read,
      inserted: row.inserted,
      updated: row.updated,
      skipped: row.skipped,
      errors: [...row.errors],
    };
    let lastPublished = 0;
    let analyzed = false;
    const insertedBefore = progress.inserted;
    const write = async (prepared: PreparedBatch) => {
      const publish = Date.now() - lastPublished >= PUBLISH_EVERY_MS;
      const next = await withTenant(db, organizationId, (tx) =>
        writeBatch(tx, { organizationId, importId, createdBy: row.created_by, fields: plan.fields, progress, prepared, publish }),
      );
      Object.assign(progress, next);
      if (publish) lastPublished = Date.now();
      if (!analyzed && progress.inserted - insertedBefore >= ANALYZE_AFTER_INSERTS) {
        analyzed = true;
        await refreshLeadStatistics(db);
      }
    };
    // While one batch is written, the next is parsed and prepared: the database and this process
    // work at the same time, and batches still commit one after another, in order.
    let inFlight: Promise<void> | null = null;
    const submit = async (records: CsvRecord[]) => {
      const prepared = prepareBatch(records, plan);
      if (inFlight) {
        await inFlight;
        if (options.shouldStop?.()) throw new JobInterrupted();
      }
      inFlight = write(prepared);
      inFlight.catch(() => {}); // awaited on the next submit or below
    };
    let batch: CsvRecord[] = [];
    const size = options.batchSize ?? BATCH_SIZE;
    try {
      for await (const record of dataRecords(content, progress.rows_read)) {
        batch.push(record);
        if (batch.length >= size) {
          const full = batch;
          batch = [];
          await submit(full);
        }
      }
      if (batch.length > 0) await submit(batch);
      await inFlight;
    } catch (error) {
      await (inFlight as Promise<void> | null)?.catch(() => {});
      throw error;
    }
    // The exact count (the upload's was counted without parsing a large file).
    await withTenant(db, organizationId, async (tx) => {
      await setImportState(tx, organizationId, importId, { status: 'completed', finishedNow: true, totalRows: progress.rows_read });
      await options.onFinished?.(tx);
    });
    await dropFile(storage, job);
  } catch (error) {
    if (error instanceof Superseded) return;
    // A file that is not valid CSV fails at once: another attempt would read the same bytes.
    const failure = notValidCsv(error);
    if (!(error instanceof JobInterrupted) && (options.lastAttempt !== false || failure instanceof AppError)) {
      await failImport(deps, job, failure instanceof Error ? failure.message : String(failure), options.onFinished);
    }
    throw error;
  }
}

/** The stored file as text chunks, in the encoding the whole file needs (read once to tell, then again to parse). */
async function storedText(storage: FileStorage, key: string): Promise<AsyncIterable<string>> {
  const open = () =>
    storage.get(key).catch((error: unknown) => {
      throw error instanceof StoredFileMissing ? new Error('The uploaded file is no longer available') : error;
    });
  const encoding = await fileEncoding(await open());
  return decodeChunks(await open(), encoding);
}

/** A file left behind (storage unreachable at that moment) is harmless: nothing reads a finished import's file. */
const dropFile = (storage: FileStorage, job: LeadImportJob) => storage.delete(importFileKey(job.organizationId, job.importId)).catch(() => {});

export const IMPORT_ABANDONED_MESSAGE = 'The server stopped during every attempt at this import; the rows read so far were kept.';

/**
 * Marks an import that has not finished failed, keeping its counts (the committed batches' leads are real),
 * runs `onFinished` in the same transaction, and then drops its file. An import already finished is left alone.
 */
export async function failImport(deps: ImportDeps, job: LeadImportJob, message: string, onFinished?: (tx: Tx) => Promise<void>): Promise<void> {
  const failed = await withTenant(deps.db, job.organizationId, async (tx) => {
    const row = await findImport(tx, job.organizationId, job.importId, { forUpdate: true });
    if (!row || row.status === 'completed' || row.status === 'failed') return false;
    await setImportState(tx, job.organizationId, job.importId, { status: 'failed', finishedNow: true, failure: message.slice(0, 500) });
    await onFinished?.(tx);
    return true;
  });
  if (failed) await dropFile(deps.storage, job);
}

interface Entity {
  id: string | null;
  /** For an existing lead: the stored values its derived columns are computed from. */
  base: LeadValues;
  /** What the file sets. */
  changes: LeadValues;
  derived: DerivedValues;
}

function mergeInto(entity: Entity, values: LeadValues) {
  for (const [k, v] of Object.entries(values) as Array<[LeadFieldName, unknown]>) {
    if (k === 'badges' && Array.isArray(entity.changes.badges)) {
      entity.changes.badges = [...new Set([...(entity.changes.badges as string[]), ...(v as string[])])];
    } else {
      entity.changes[k] = v;
    }
  }
}

const ADDRESS_FIELDS: LeadFieldName[] = [
  'property_address_full', 'property_address', 'property_address_line_1', 'property_address_street', 'address',
  'property_address_city', 'property_address_state', 'property_address_zipcode', 'property_address_zip',
];
function withoutAddress(values: LeadValues): LeadValues {
  const rest = { ...values };
  for (const f of ADDRESS_FIELDS) delete rest[f];
  return rest;
}

function derive(entity: Entity): DerivedValues {
  const merged = { ...entity.base, ...entity.changes } as Parameters<typeof deriveLeadColumns>[0];
  return deriveLeadColumns(entity.id === null ? { ...merged, status: 'new' } : merged);
}

function addError(progress: Progress, row: number, reason: string) {
  if (progress.errors.length < IMPORT_MAX_ERRORS) progress.errors.push({ row, reason });
}

interface PreparedBatch {
  count: number;
  skipped: number;
  /** Row problems in file order: skipped rows and dropped values. */
  errors: Array<{ row: number; reason: string }>;
  candidates: Array<{ values: LeadValues; keys: DerivedValues }>;
}

/** The CPU part of a batch, done before its transaction: parse cells, compose values, derive keys. */
function prepareBatch(records: CsvRecord[], plan: ImportPlan): PreparedBatch {
  const prepared: PreparedBatch = { count: records.length, skipped: 0, errors: [], candidates: [] };
  for (const record of records) {
    const built = buildRow(record.cells, plan, record.line);
    if (!built.ok) {
      prepared.skipped++;
      prepared.errors.push({ row: record.line, reason: built.reason });
      continue;
    }
    for (const w of built.warnings) prepared.errors.push({ row: record.line, reason: w });
    prepared.candidates.push({ values: built.values, keys: deriveLeadColumns({ ...built.values, status: 'new' }) });
  }
  return prepared;
}

/**
 * One batch in one tenant transaction: rows that match a lead of the organization (or an earlier row)
 * by address key or phone key update it, the rest are inserted; then the progress row.
 */
async function writeBatch(
  tx: Tx,
  b: {
    organizationId: string;
    importId: string;
    createdBy: string | null;
    fields: LeadFieldName[];
    progress: Progress;
    prepared: PreparedBatch;
    publish: boolean;
  },
): Promise<Progress> {
  const { progress, prepared } = b;
  // Guard against a duplicate run of the same import: the progress row is the batch's lock.
  const current = await findImport(tx, b.organizationId, b.importId, { forUpdate: true });
  if (!current || current.rows_read !== progress.rows_read || current.status !== 'running') throw new Superseded();
  await setBulkWrite(tx, true);

  const next: Progress = { ...progress, errors: [...progress.errors], skipped: progress.skipped + prepared.skipped };
  for (const e of prepared.errors) addError(next, e.row, e.reason);
  const candidates = prepared.candidates;
  const addressKeys = [...new Set(candidates.map((c) => c.keys.address_key).filter((k): k is string => k !== null))];
  const phoneKeys = [...new Set(candidates.map((c) => c.keys.phone_key).filter((k): k is string => k !== null))];
  const existing = await findLeadsByKeys(tx, b.organizationId, addressKeys, phoneKeys);

  const byAddress = new Map<string, Entity>();
  const byPhone = new Map<string, Entity>();
  const register = (e: Entity) => {
    if (e.derived.address_key && !byAddress.has(e.derived.address_key)) byAddress.set(e.derived.address_key, e);
    if (e.derived.phone_key && !byPhone.has(e.derived.phone_key)) byPhone.set(e.derived.phone_key, e);
  };
  const touched = new Set<Entity>();
  for (const lead of existing) {
    const { id, address_key, phone_key, ...base } = lead;
    register({ id, base, changes: {}, derived: { score_base: 0, address_key, phone_key, phones_e164: [] } });
  }
  const created: Entity[] = [];
  for (const c of candidates) {
    const sameAddress = (c.keys.address_key && byAddress.get(c.keys.address_key)) || null;
    const target = sameAddress ?? ((c.keys.phone_key && byPhone.get(c.keys.phone_key)) || null);
    if (target) {
      // The same address written differently keeps the lead's own spelling of it.
      mergeInto(target, sameAddress ? withoutAddress(c.values) : c.values);
      target.derived = derive(target);
      register(target);
      touched.add(target);
      next.updated++;
    } else {
      const entity: Entity = { id: null, base: {}, changes: { ...c.values }, derived: c.keys };
      register(entity);
      created.push(entity);
      next.inserted++;
    }
  }

  const listing = { createdBy: b.createdBy, dncReason: `Marked Do Not Call in the lead import ${current.filename}`, importId: b.importId, filename: current.filename };
  await insertLeads(tx, b.organizationId, listing, b.fields, created.map((e) => ({ ...e.changes, ...e.derived })));
  const updates = [...touched].filter((e) => e.id !== null).map((e) => ({ id: e.id!, ...e.changes, ...e.derived }));
  await updateLeads(tx, b.organizationId, listing, b.fields, updates);

  next.rows_read += prepared.count;
  if (b.publish) await setBulkWrite(tx, false);
  await saveProgress(tx, b.organizationId, b.importId, next);
  return next;
}
