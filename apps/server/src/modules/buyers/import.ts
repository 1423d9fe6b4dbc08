import {
  BUYER_IMPORT_MAX_ROWS, buyBoxSchema, buyerCsvColumns, buyerCsvRow, IMPORT_MAX_ERRORS, toE164ForCall, type BuyerCsvValues, type BuyerImportResult,
} from '@wholesail/domain';
import type { Tx } from '../../db/scope';
import type { OrgContext } from '../../http/context';
import { badRequest } from '../../http/errors';
import { dataRecords, decodeUpload, notValidCsv, summariseCsv } from '../lead-import/csv';
import * as repo from './repo';

type Known = { id: string; email: string | null; phone: string | null; buy_box: unknown };

/** The organization's buyers by email (lower case) and by phone (E.164): an imported row with either updates that buyer. */
async function knownBuyers(tx: Tx, organizationId: string) {
  const rows = await tx.selectFrom('buyers').select(['id', 'primary_email', 'primary_phone', 'buy_box']).where('organization_id', '=', organizationId).orderBy('created_at').execute();
  const byEmail = new Map<string, Known>();
  const byPhone = new Map<string, Known>();
  const remember = (b: Known) => {
    if (b.email && !byEmail.has(b.email)) byEmail.set(b.email, b);
    if (b.phone && !byPhone.has(b.phone)) byPhone.set(b.phone, b);
  };
  for (const r of rows) remember({ id: r.id, email: r.primary_email?.toLowerCase() ?? null, phone: toE164ForCall(r.primary_phone), buy_box: r.buy_box });
  return { find: (email: string | null, phone: string | null) => (email && byEmail.get(email)) || (phone && byPhone.get(phone)) || null, remember };
}

/** A row's values for an existing buyer: only what the row fills, its criteria merged into the buyer's box. */
function changes(values: BuyerCsvValues, existing: Known) {
  const stored = typeof existing.buy_box === 'string' ? JSON.parse(existing.buy_box) : (existing.buy_box ?? {});
  const set = Object.fromEntries(Object.entries({ ...values, buy_box: undefined }).filter(([, v]) => v !== null && v !== undefined));
  return { ...set, buy_box: buyBoxSchema.parse({ ...buyBoxSchema.parse(stored), ...values.buy_box }) };
}

/**
 * A buyers CSV (docs/api-buyers.md "Import"), read in the request with the lead import's CSV reading (lead-import/csv.ts):
 * each row a buyer (source import) with its buy box; a row with the email or phone of a buyer (or of an earlier row)
 * updates that buyer; a row that cannot be read is skipped and reported with its reason.
 */
export async function importBuyers(tx: Tx, ctx: OrgContext, file: { bytes: Uint8Array; filename?: string }, today = new Date().toISOString().slice(0, 10)): Promise<BuyerImportResult> {
  const text = decodeUpload(file.bytes);
  const { headers, totalRows } = await summariseCsv(text);
  if (totalRows > BUYER_IMPORT_MAX_ROWS) {
    throw badRequest(`The file has ${totalRows.toLocaleString('en-US')} rows; a buyers file takes at most ${BUYER_IMPORT_MAX_ROWS.toLocaleString('en-US')}. Split it into smaller files`, 'TOO_MANY_ROWS');
  }
  const columns = buyerCsvColumns(headers);
  if (!columns.some((c) => c === 'contact_name' || c === 'first_name' || c === 'last_name' || c === 'company_name')) {
    throw badRequest('The file has no name column: name the buyer in a column called Name, First name and Last name, or Company', 'NO_NAME_COLUMN');
  }
  const known = await knownBuyers(tx, ctx.organizationId);
  const result: BuyerImportResult = {
    filename: (file.filename ?? '').trim().slice(0, 255) || 'buyers.csv', total_rows: totalRows, inserted: 0, updated: 0, skipped: 0, errors: [],
    columns: headers.map((header, i) => ({ header, field: columns[i] ?? null })),
  };
  try {
    for await (const record of dataRecords(text, 0)) {
      const row = buyerCsvRow(record.cells, columns, record.line, today);
      if (!row.ok) {
        result.skipped++;
        if (result.errors.length < IMPORT_MAX_ERRORS) result.errors.push({ row: record.line, reason: row.reason });
        continue;
      }
      const { values } = row;
      const phone = toE164ForCall(values.primary_phone);
      const existing = known.find(values.primary_email, phone);
      if (existing) {
        const updated = await repo.updateBuyer(tx, ctx.organizationId, existing.id, changes(values, existing));
        known.remember({ ...existing, email: existing.email ?? values.primary_email, phone: existing.phone ?? phone, buy_box: updated!.buy_box });
        result.updated++;
      } else {
        const created = await repo.insertBuyer(tx, ctx.organizationId, { ...values, buy_box: buyBoxSchema.parse(values.buy_box), source: 'import' });
        known.remember({ id: created.id, email: values.primary_email, phone, buy_box: created.buy_box });
        result.inserted++;
      }
    }
  } catch (error) {
    throw notValidCsv(error);
  }
  return result;
}
