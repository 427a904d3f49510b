import { describe, expect, it } from 'vitest';
import { InvalidError } from '~/domain/errors';
import { validateRows } from './validate';

function refusal(fn: () => unknown): InvalidError {
  try {
    fn();
  } catch (error) {
    if (error instanceof InvalidError) return error;
    throw error;
  }
  throw new Error('expected an InvalidError');
}

describe('validateRows', () => {
  it('maps headers, converts cells and keeps which fields each row gave', () => {
    const rows = validateRows('rounds', 'file', [
      { rowNumber: 2, values: { 'Golfer ID': '7', Date: '6/2/2025', 'gross score': 45, Notes: '' } },
    ]);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ rowNumber: 2, input: { golferId: 7, date: '2025-06-02', grossScore: 45 } });
    expect([...rows[0].present].sort()).toEqual(['date', 'golferId', 'grossScore']);
  });

  it('names a missing required column once', () => {
    const error = refusal(() =>
      validateRows('golfers', 'file', [{ rowNumber: 2, values: { 'First Name': 'Ann' } }], ['First Name']),
    );
    expect(error.message).toBe(
      'The file has no lastName column. golfers need the columns firstName, lastName in the first row.',
    );
  });

  it('refuses an empty import, in the words of its source', () => {
    expect(refusal(() => validateRows('golfers', 'json', [])).message).toBe(
      'The JSON array is empty: there is nothing to import.',
    );
    expect(refusal(() => validateRows('golfers', 'file', [])).message).toBe('The file has no rows to import.');
  });

  it('lists every row at fault by its number, and items that are not objects', () => {
    const error = refusal(() =>
      validateRows('golfers', 'json', [
        { rowNumber: 1, values: { firstName: 'Ann', lastName: 'Smith' } },
        { rowNumber: 2, values: 'Bob' as unknown as Record<string, unknown> },
        { rowNumber: 3, values: { firstName: 'Cy' } },
      ]),
    );
    expect(error.fieldErrors).toEqual({
      'Item 2': ['must be an object with the fields of the type'],
      'Item 3': ['lastName: Last name is required'],
    });
    expect(error.message.split('\n')[0]).toBe('Nothing was imported: 2 items have errors.');
  });

  it('reports a second row that would write the same record, naming the first', () => {
    const error = refusal(() =>
      validateRows('courses', 'file', [
        { rowNumber: 2, values: { courseName: 'Pines', coursePar: 36, courseLength: '3,100 yards' } },
        { rowNumber: 3, values: { courseName: ' pines ', coursePar: 35, courseLength: '3,000 yards' } },
      ]),
    );
    expect(error.fieldErrors).toEqual({ 'Row 3': ['The same courseName as row 2'] });
  });

  it('names the first 20 rows at fault and counts the rest', () => {
    const rows = Array.from({ length: 25 }, (_, i) => ({ rowNumber: i + 2, values: { firstName: 'Ann' } }));
    const lines = refusal(() => validateRows('golfers', 'file', rows)).message.split('\n');
    expect(lines[0]).toBe('Nothing was imported: 25 rows have errors.');
    expect(lines).toHaveLength(22);
    expect(lines[21]).toBe('…and 5 more rows with errors.');
  });
});
