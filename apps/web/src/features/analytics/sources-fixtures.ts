/** A sources and lists report and a year of spend for the analytics screen (tests only). */
import { withSpend, type SourcesAnalytics, type Spend } from '@wholesail/domain';

export const SOURCES: SourcesAnalytics = {
  from: '2026-03-03', to: '2026-03-09', time_zone: 'America/Chicago',
  sources: [
    { source: 'Mailers', ...withSpend({ leads: 40, contacted: 12, under_contract: 2, closed: 1, fees_cents: 1_250_050 }, 200_000) },
    { source: 'Cold calling', ...withSpend({ leads: 10, contacted: 8, under_contract: 0, closed: 0, fees_cents: 0 }, null) },
  ],
  totals: withSpend({ leads: 50, contacted: 20, under_contract: 2, closed: 1, fees_cents: 1_250_050 }, 200_000),
  lists: [
    { import_id: 'import-2', filename: 'cold-calls.csv', created_at: '2026-03-05T15:00:00.000Z', status: 'completed', members: 30, contacted: 9, under_contract: 1, closed: 0, fees_cents: 0 },
  ],
};

export const SPEND: Spend = {
  year: 2026,
  sources: ['Cold calling', 'Mailers'],
  rows: [{ source: 'Mailers', month: '2026-03', amount_cents: 310_000, updated_by_name: 'Ana Lopez', updated_at: '2026-03-01T12:00:00.000Z' }],
};
