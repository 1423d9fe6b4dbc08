import { describe, expect, it } from 'vitest';
import { CSV_BOM, csvCell, csvLine, csvValue, toCsv } from './csv';

describe('the CSV of a table', () => {
  it('writes a byte-order mark, CRLF lines, and quotes only the cells that need it', () => {
    const csv = toCsv(['Member', 'Dials', 'Note'], [
      ['Ana Lopez', 80, null],
      ['Ortiz, Ben', 40, 'said "call back"\nlater'],
    ]);
    expect(csv).toBe('\uFEFFMember,Dials,Note\r\nAna Lopez,80,\r\n"Ortiz, Ben",40,"said ""call back""\nlater"\r\n');
  });

  it('keeps text a spreadsheet would run as a formula as text, but not numbers', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('+1 512 555 0100')).toBe("'+1 512 555 0100");
    expect(csvCell('@sum')).toBe("'@sum");
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell('—')).toBe('—');
  });

  it.each([
    ['=', '=1+1', "'=1+1"],
    ['+', '+cmd|calc', "'+cmd|calc"],
    ['-', '-2+3', "'-2+3"],
    ['@', '@SUM(A1)', "'@SUM(A1)"],
    ['tab', '\t=1+1', "'\t=1+1"],
    ['carriage return', '\r=1+1', `"'\r=1+1"`],
  ])('escapes a cell that starts with %s with a leading apostrophe', (_name, value, cell) => {
    expect(csvCell(value)).toBe(cell);
    // Only at the start: the same characters inside a cell are text already.
    expect(csvCell(`a${value}`)).toBe(/[\r]/.test(value) ? `"a${value}"` : `a${value}`);
  });

  it('builds a streamed file from the BOM and one line a record, the same bytes toCsv writes', () => {
    const rows = [['x', 1, null], ['=y', -2, 'a,b']] as const;
    expect(CSV_BOM + csvLine(['A', 'B', 'C']) + rows.map(csvLine).join('')).toBe(toCsv(['A', 'B', 'C'], rows));
    expect(csvLine([])).toBe('\r\n');
  });

  it('writes API values as cells: booleans, lists, objects, dates and missing values', () => {
    expect([true, false, null, undefined, 2.5, Number.NaN].map(csvValue)).toEqual(['true', 'false', null, null, 2.5, null]);
    expect(csvValue(['vacant', 'tax default'])).toBe('vacant, tax default');
    expect(csvValue({ states: ['TX'] })).toBe('{"states":["TX"]}');
    expect(csvValue(new Date('2026-04-14T04:00:00Z'))).toBe('2026-04-14T04:00:00.000Z');
    expect(csvCell(csvValue('-5'))).toBe("'-5");
  });
});
