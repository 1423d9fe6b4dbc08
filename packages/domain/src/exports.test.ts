import { describe, expect, it } from 'vitest';
import { callExportQuery, dncExportQuery, EXPORT_COLUMNS, leadExportQuery } from './exports';

const message = (r: { error?: { issues: { message: string }[] } }) => r.error?.issues.map((i) => i.message).join('; ');

describe('the exports’ queries', () => {
  it('takes the list’s filters and the columns chosen, in the order given, each once; all columns without', () => {
    expect(leadExportQuery.parse({ status: 'new', badges: 'Vacant, tax default', columns: 'name,id, name' })).toEqual({
      status: 'new', badges: ['vacant', 'tax default'], columns: ['name', 'id'],
    });
    expect(leadExportQuery.parse({}).columns).toEqual(EXPORT_COLUMNS.leads);
    expect(dncExportQuery.parse({ search: '512' })).toEqual({ search: '512', columns: [...EXPORT_COLUMNS.dnc] });
  });

  it('names an unknown column or filter in a sentence', () => {
    expect(message(leadExportQuery.safeParse({ columns: 'id,nmae' }))).toBe('columns: "nmae" is not a column of this export; docs/exports.md lists them');
    expect(message(leadExportQuery.safeParse({ columns: ' , ' }))).toBe('columns: choose at least one column, or leave columns out for all of them');
    expect(message(leadExportQuery.safeParse({ limit: '5', deleted: 'true' }))).toBe(
      '"limit", "deleted" are not a filter of this export; it takes status, minValue, maxValue, badges, search, created_after, columns',
    );
    expect(message(callExportQuery.safeParse({ started_after: 'yesterday' }))).toBe('started_after: expected a date and time such as 2026-04-14T04:00:00Z, from 1900 on');
  });
});
