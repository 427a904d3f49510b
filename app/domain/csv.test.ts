import { describe, expect, it } from 'vitest';
import { escapeFormula, toCsv, unescapeFormula } from './csv';

describe('toCsv', () => {
  it('writes a header and rows with CRLF line ends', () => {
    expect(
      toCsv(
        ['a', 'b'],
        [
          [1, 'x'],
          [null, true],
        ],
      ),
    ).toBe('a,b\r\n1,x\r\n,true\r\n');
  });

  it('quotes commas, quotes, line breaks and edge spaces', () => {
    expect(toCsv(['v'], [['5,2'], ['say "hi"'], ['two\nlines'], [' padded']])).toBe(
      'v\r\n"5,2"\r\n"say ""hi"""\r\n"two\nlines"\r\n" padded"\r\n',
    );
  });

  it('defuses text a spreadsheet would run as a formula, but not numbers', () => {
    expect(toCsv(['v'], [['=HYPERLINK("http://x")'], ['+1 231 555 0100'], ['@SUM(A1)'], [-5]])).toBe(
      'v\r\n"\'=HYPERLINK(""http://x"")"\r\n\'+1 231 555 0100\r\n\'@SUM(A1)\r\n-5\r\n',
    );
  });
});

describe('escapeFormula / unescapeFormula', () => {
  it('round-trips formula-like text and leaves ordinary text alone', () => {
    for (const text of ['=1+1', '-dash', '+1 555', '@me', 'Jane', "O'Brien", "'quoted"]) {
      expect(unescapeFormula(escapeFormula(text))).toBe(text);
    }
    expect(escapeFormula('Jane')).toBe('Jane');
    expect(unescapeFormula("'quoted")).toBe("'quoted");
  });
});
