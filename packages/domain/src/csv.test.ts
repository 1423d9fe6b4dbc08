import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv';

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
});
