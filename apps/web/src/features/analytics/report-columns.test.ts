import { describe, expect, it } from 'vitest';
import { csvFileName, tableCsv, type Column } from './report-columns';

describe('the CSV of a report table', () => {
  it('exports a table as shown: its headers, then each row as the screen writes it', () => {
    type Row = { name: string; dials: number; rate: number | null };
    const columns: Column<Row>[] = [
      { header: 'Member', text: (r) => r.name },
      { header: 'Dials', text: (r) => r.dials.toLocaleString('en-US') },
      { header: 'Connect rate', text: (r) => (r.rate === null ? '—' : `${r.rate * 100}%`) },
    ];
    expect(tableCsv(columns, [{ name: 'Ana Lopez', dials: 1200, rate: 25 / 100 }, { name: 'Ben Ortiz', dials: 0, rate: null }])).toBe(
      '\uFEFFMember,Dials,Connect rate\r\nAna Lopez,"1,200",25%\r\nBen Ortiz,0,—\r\n',
    );
    expect(csvFileName('Calls by member', { from: '2026-03-03', to: '2026-03-09' })).toBe('calls-by-member-2026-03-03-to-2026-03-09.csv');
  });
});
