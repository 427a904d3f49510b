import { describe, expect, it } from 'vitest';
import { importFieldNames } from '~/schemas/import/fields';
import { mapRow, missingColumns, normalizeHeader } from './headers';

describe('normalizeHeader', () => {
  it('ignores case, spaces, underscores and dashes', () => {
    expect(normalizeHeader('First Name')).toBe('firstname');
    expect(normalizeHeader('first_name')).toBe('firstname');
    expect(normalizeHeader('FIRSTNAME')).toBe('firstname');
    expect(normalizeHeader(' first-name ')).toBe('firstname');
    expect(normalizeHeader('firstName')).toBe('firstname');
  });
});

describe('mapRow', () => {
  const fields = importFieldNames('golfers');

  it('maps headers written in any common style to field names', () => {
    expect(mapRow({ 'First Name': 'Jane', last_name: 'Smith', EMAIL: 'jane@example.org' }, fields)).toEqual({
      firstName: 'Jane',
      lastName: 'Smith',
      email: 'jane@example.org',
    });
  });

  it('drops unknown columns', () => {
    expect(mapRow({ firstName: 'Jane', lastName: 'Smith', Handicap: 7, id: 3 }, fields)).toEqual({
      firstName: 'Jane',
      lastName: 'Smith',
    });
  });

  it('treats empty and blank cells and nulls as absent, and trims text', () => {
    const mapped = mapRow({ firstName: ' Jane ', lastName: 'Smith', nickname: '', email: '   ', phone: null }, fields);
    expect(mapped).toEqual({ firstName: 'Jane', lastName: 'Smith' });
    expect('nickname' in mapped).toBe(false);
  });

  it('passes numbers, booleans and dates through unchanged', () => {
    const registered = new Date('2025-04-01T12:00:00Z');
    expect(
      mapRow(
        { 'Golfer ID': 3, Season: 2025, Paid: true, 'Registration Datetime': registered, 'estimated-score': 0 },
        importFieldNames('memberships'),
      ),
    ).toEqual({ golferId: 3, season: 2025, paid: true, registrationDatetime: registered, estimatedScore: 0 });
  });

  it('keeps the first column with a value when two name the same field', () => {
    expect(mapRow({ 'First Name': '', firstname: 'Jane', FIRST_NAME: 'Other' }, fields)).toEqual({ firstName: 'Jane' });
  });
});

describe('missingColumns', () => {
  it('names the required fields no header maps to, whatever the header style', () => {
    expect(missingColumns('golfers', ['First Name', 'EMAIL'])).toEqual(['lastName']);
    expect(missingColumns('golfers', ['first_name', 'Last Name', 'Handicap'])).toEqual([]);
    expect(missingColumns('rounds', [])).toEqual(['golferId', 'date', 'grossScore']);
  });
});
