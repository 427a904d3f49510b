import { describe, expect, it } from 'vitest';
import { NotFoundError } from './errors';
import { shownTable, tablePage, tableQueryOf, TABLE_PAGE_SIZE } from './stats-tables';

const query = (search: string) => tableQueryOf(new URLSearchParams(search));

describe('the table a stats page shows', () => {
  it('reads every flight’s first page without ?flight=, and ignores ?page= alone', () => {
    expect(query('')).toEqual({ flight: null, page: 1 });
    expect(query('page=3')).toEqual({ flight: null, page: 1 });
    expect(query('flight=2&page=3')).toEqual({ flight: '2', page: 3 });
    expect(query('flight=none')).toEqual({ flight: 'none', page: 1 });
  });

  it('finds no page for a flight the page lacks or a page that is not a whole number from 1', () => {
    for (const search of ['flight=5', 'flight=2&page=abc', 'flight=2&page=0', 'flight=2&page=1.5'])
      expect(() => shownTable(query(search), ['1', '2'], 'There is no such page'), search).toThrow(NotFoundError);
    expect(shownTable(query('flight=2&page=2'), ['1', '2'], 'missing')).toEqual({ flight: '2', page: 2 });
  });

  it('shows the last page for a page past it', () => {
    const rows = Array.from({ length: TABLE_PAGE_SIZE + 10 }, (_, i) => i);
    expect(tablePage(rows, 9)).toMatchObject({ page: 2, pageCount: 2, first: TABLE_PAGE_SIZE, total: rows.length });
    expect(tablePage(rows, 9).rows).toHaveLength(10);
  });
});
