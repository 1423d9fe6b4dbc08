import type { LeadExportQuery } from '@wholesail/domain';
import type { Leads } from '../../db/types';
import { applyFilters } from '../leads/list';
import { projection } from '../leads/repo';
import type { ExportSource } from './csv-stream';

type LeadColumn = keyof Leads & string;
type Row = Record<string, unknown> & { id: string };

/**
 * The leads the list shows for the same filters (the leads module's own WHERE), in id order: the primary key
 * (organization_id, id) serves each batch from where the last ended. Only the chosen columns are read; dnc_status
 * needs dnc_listed beside it (leads/repo.ts projection).
 */
export function leadExport(organizationId: string, query: LeadExportQuery): ExportSource<Row> {
  const columns = new Set<string>(['id', ...query.columns]);
  if (columns.has('dnc_status')) columns.add('dnc_listed');
  const selected = [...columns] as LeadColumn[];
  return {
    async batch(tx, after, limit) {
      let q = applyFilters(tx.selectFrom('leads'), organizationId, query);
      if (after) q = q.where('id', '>', after.id);
      return (await q.select(selected).orderBy('id').limit(limit).execute()) as Row[];
    },
    record: projection(query.columns.filter((c) => c !== 'id')),
  };
}
