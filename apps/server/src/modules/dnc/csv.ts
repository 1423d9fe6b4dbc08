import { DNC_IMPORT_MAX_ROWS, DNC_REASON_MAX, dncPhone, type DncImportResult } from '@wholesail/domain';
import { badRequest } from '../../http/errors';
import { decodeUpload, notValidCsv, parseRecords } from '../lead-import/csv';

/** One readable row of an uploaded list of numbers. */
export interface NumberRow {
  row: number;
  phone_e164: string;
  reason: string | null;
}

const PHONE_HEADER = /phone|number|mobile|cell|tel|e164/i;
const REASON_HEADER = /reason|note|comment|why/i;

/**
 * The numbers of an uploaded CSV: one a row, a header optional (a first row with words and no phone number),
 * the number in the column a header calls phone/number (else the first), a reason from a column a header calls
 * reason/note (without a header: the second column). Rows are numbered as a spreadsheet shows them (the
 * file's lines; a header is row 1). Invalid rows are reported, not listed.
 */
export async function readNumberRows(bytes: Uint8Array): Promise<{ rows: NumberRow[]; invalid: DncImportResult['invalid'] }> {
  const text = decodeUpload(bytes);
  const rows: NumberRow[] = [];
  const invalid: DncImportResult['invalid'] = [];
  let columns: { phone: number; reason: number | null } | null = null;
  try {
    for await (const { cells, line } of parseRecords(text)) {
      if (!columns) {
        const header = !cells.some((c) => dncPhone.safeParse(c).success) && cells.some((c) => /\p{L}/u.test(c));
        const phone = header ? Math.max(0, cells.findIndex((c) => PHONE_HEADER.test(c))) : 0;
        const named = header ? cells.findIndex((c, i) => i !== phone && REASON_HEADER.test(c)) : 1;
        columns = { phone, reason: named < 0 ? null : named };
        if (header) continue;
      }
      if (rows.length + invalid.length >= DNC_IMPORT_MAX_ROWS) {
        throw badRequest(`The file has more than ${DNC_IMPORT_MAX_ROWS.toLocaleString('en-US')} numbers; split it into smaller files`, 'TOO_MANY_ROWS');
      }
      const value = (cells[columns.phone] ?? '').trim();
      const parsed = dncPhone.safeParse(value);
      if (!parsed.success) {
        invalid.push({ row: line, value: value.slice(0, 100), reason: parsed.error.issues[0]!.message });
        continue;
      }
      const reason = columns.reason === null ? '' : (cells[columns.reason] ?? '').trim();
      rows.push({ row: line, phone_e164: parsed.data, reason: reason ? reason.slice(0, DNC_REASON_MAX) : null });
    }
  } catch (error) {
    throw notValidCsv(error);
  }
  return { rows, invalid };
}
