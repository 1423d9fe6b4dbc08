import type { BuyerExportQuery, DealExportQuery, DncExportQuery } from '@wholesail/domain';
import { iso } from '../../db/timestamps';
import { BUYER_COLUMNS, filteredBuyers, toBuyer } from '../buyers/repo';
import { filteredDeals } from '../deals/list';
import { toDeal } from '../deals/repo';
import { matchingEntries } from '../dnc/repo';
import { readSection } from '../settings/repo';
import type { ExportSource } from './csv-stream';

type Batch<Row> = ExportSource<Row>['batch'];
type Buyer = Parameters<typeof toBuyer>[0];
type Deal = Parameters<typeof toDeal>[0];
type DncEntry = Awaited<ReturnType<ReturnType<typeof matchingEntries>['execute']>>[number];

// Each export reads its list's own filters (the list's repo function) in the order of the table's primary key.

export function buyerExport(organizationId: string, query: BuyerExportQuery): ExportSource<Buyer> {
  const batch: Batch<Buyer> = (tx, after, limit) => {
    const q = filteredBuyers(tx, organizationId, query).select(BUYER_COLUMNS);
    return (after ? q.where('id', '>', after.id) : q).orderBy('id').limit(limit).execute();
  };
  return { batch, record: toBuyer };
}

/** A deal's figures follow the organization's deal settings, read with each batch. */
export function dealExport(organizationId: string, query: DealExportQuery): ExportSource<{ row: Deal; record: Record<string, unknown> }> {
  return {
    async batch(tx, after, limit) {
      const q = filteredDeals(tx, organizationId, query);
      const [rows, settings] = await Promise.all([
        (after ? q.where('d.id', '>', after.row.id) : q).orderBy('d.id').limit(limit).execute(),
        readSection(tx, organizationId, 'deals'),
      ]);
      return rows.map((row) => ({ row, record: toDeal(row, settings) }));
    },
    record: (deal) => deal.record,
  };
}

/** The Do-Not-Contact list under the names its import reads: the number as 11 digits, who added it by name. */
export function dncExport(organizationId: string, query: DncExportQuery): ExportSource<DncEntry> {
  return {
    batch(tx, after, limit) {
      const q = matchingEntries(tx, organizationId, query.search);
      return (after ? q.where('d.phone_e164', '>', after.phone_e164) : q).orderBy('d.phone_e164').limit(limit).execute();
    },
    record: (e) => ({
      phone_number: e.phone_e164.slice(1), source: e.source, reason: e.reason, lead_id: e.lead_id, added_by: e.created_by_name, created_at: iso(e.created_at),
    }),
  };
}
