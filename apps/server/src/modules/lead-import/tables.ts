import type { ColumnType, Generated } from 'kysely';
import type { ImportMapping, ImportRowError, ImportState } from '@wholesail/domain';
import type { Tx } from '../../db/scope';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string | undefined, string>;

/** migrations/0004_lead_imports.sql */
export interface LeadImportsTable {
  organization_id: string;
  id: Generated<string>;
  status: ColumnType<ImportState, ImportState | undefined, ImportState>;
  filename: string;
  total_rows: ColumnType<number, number | undefined, number>;
  headers: Json<string[]>;
  mapping: Json<ImportMapping>;
  rows_read: ColumnType<number, number | undefined, number>;
  inserted: ColumnType<number, number | undefined, number>;
  updated: ColumnType<number, number | undefined, number>;
  skipped: ColumnType<number, number | undefined, number>;
  errors: Json<ImportRowError[]>;
  failure: ColumnType<string | null, string | null | undefined, string | null>;
  created_by: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  started_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  finished_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface LeadImportFilesTable {
  organization_id: string;
  import_id: string;
  content: string;
}

export type ImportTables = {
  lead_imports: LeadImportsTable;
  lead_import_files: LeadImportFilesTable;
};

/** The request or job transaction, typed with this module's tables. */
export const importTx = (tx: Tx) => tx.withTables<ImportTables>();
