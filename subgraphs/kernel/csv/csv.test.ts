import { describe, expect, it } from 'vitest';
import { CSV_BOM, csvCell, toCsv } from './csv.js';

describe('csvCell', () => {
  it('leaves plain text, numbers and booleans as they are, and writes null and undefined empty', () => {
    expect(csvCell('カフェ・ミドリ')).toBe('カフェ・ミドリ');
    expect(csvCell(4.5)).toBe('4.5');
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell(Number.NaN)).toBe('');
    expect(csvCell(true)).toBe('true');
    expect(csvCell(false)).toBe('false');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
  });

  it('quotes a field holding a comma, a quote, CR or LF, doubling the quotes inside', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('line\nbreak')).toBe('"line\nbreak"');
    expect(csvCell('cr\rhere')).toBe('"cr\rhere"');
  });

  it('defuses text a spreadsheet would run as a formula with a leading apostrophe', () => {
    for (const start of ['=', '+', '-', '@', '\t']) expect(csvCell(`${start}SUM(A1)`)).toBe(`'${start}SUM(A1)`);
    expect(csvCell('\rx')).toBe(`"'\rx"`);
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('a=b')).toBe('a=b');
  });
});

describe('toCsv', () => {
  it('starts with the byte order mark and ends every line, the last too, with CRLF', () => {
    expect(
      toCsv(
        ['id', 'text'],
        [
          ['1', 'x'],
          ['2', null],
        ],
      ),
    ).toBe(`${CSV_BOM}id,text\r\n1,x\r\n2,\r\n`);
    expect(toCsv(['only'], [])).toBe(`${CSV_BOM}only\r\n`);
  });
});
