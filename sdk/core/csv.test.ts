// The one CSV writer, contract/csv.ts (issue 36 item 6; tested here: contract/ holds no tests, its
// index globs every file): RFC 4180 quoting, the spec's comma removal, and formula
// neutralising. tests over each file the product writes are beside their producers
// (sdk/core/csv-downloads.test.ts, server/test/jobs/export-csv.test.ts).
import { describe, expect, it } from 'vitest';
import { csvCell, neutraliseFormula, objectsToCsv, toCsv } from '../../contract/csv';

const HOSTILE = ['=HYPERLINK("http://evil.example","x")', '+1+2', '-1+2', '@SUM(A1)', '\tcmd', '\r=1', '＝1+1', '＋1', '－1', '＠x'];

describe('CSV writer', () => {
  it('D1-150 D3-269 comma delimiter, CRLF line breaks, final break optional', () => {
    expect(toCsv([['a', 'b'], [1, 2]])).toBe('a,b\r\n1,2\r\n');
    expect(toCsv([['a', 'b'], [1, 2]], { finalLineBreak: false })).toBe('a,b\r\n1,2');
  });

  it('quotes cells with a comma, a quote or a line break (RFC 4180)', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\r\nlines')).toBe('"two\r\nlines"');
    expect(csvCell('plain')).toBe('plain');
  });

  it('D1-114 D3-273 removeCommas: commas removed, line breaks folded, nothing left to quote but quotes', () => {
    expect(csvCell('Single, no children', { removeCommas: true })).toBe('Single no children');
    expect(csvCell('a\r\nb', { removeCommas: true })).toBe('a b');
  });

  it('numbers, booleans and empties', () => {
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(Number.NaN)).toBe('');
    expect(csvCell(-1.5)).toBe('-1.5');
    expect(csvCell(1.5, { decimals: 2 })).toBe('1.50');
    expect(csvCell(3, { decimals: 2 })).toBe('3');
    expect(csvCell(true)).toBe('true');
  });

  it('neutralises every text a spreadsheet would run as a formula, in both modes', () => {
    for (const text of HOSTILE) {
      for (const options of [{}, { removeCommas: true }]) {
        const cell = csvCell(text, options);
        const unquoted = cell.startsWith('"') ? cell.slice(1, -1).replace(/""/g, '"') : cell;
        expect(unquoted.startsWith("'"), `${JSON.stringify(text)} → ${cell}`).toBe(true);
      }
    }
    // A number written as text cannot run and stays as it is; so do texts with the sign inside.
    expect(neutraliseFormula('-12.5')).toBe('-12.5');
    expect(neutraliseFormula('+44')).toBe('+44');
    expect(neutraliseFormula('a=b')).toBe('a=b');
    expect(neutraliseFormula('18-24')).toBe('18-24');
    expect(neutraliseFormula(' =1+1')).toBe("' =1+1");
  });

  it('objects to rows under the given columns, in that order', () => {
    expect(objectsToCsv([{ b: 2, a: '=1' }], ['a', 'b'])).toBe("a,b\r\n'=1,2\r\n");
  });
});
