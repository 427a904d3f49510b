import { describe, expect, it } from 'vitest';
import { IMPORT_FIELDS, IMPORT_TYPES, importFieldNames, isImportType, mapRow, normalizeHeader } from './import-headers';

describe('IMPORT_FIELDS', () => {
  it('lists the required and optional fields of each import type', () => {
    expect(IMPORT_TYPES).toEqual(['golfers', 'rounds', 'memberships', 'flights', 'courses']);
    expect(IMPORT_FIELDS.golfers).toEqual({
      required: ['firstName', 'lastName'],
      optional: ['nickname', 'email', 'phone'],
    });
    expect(IMPORT_FIELDS.rounds).toEqual({
      required: ['golferId', 'date', 'grossScore'],
      optional: ['courseId', 'points', 'notes'],
    });
    expect(IMPORT_FIELDS.memberships).toEqual({
      required: ['golferId', 'season'],
      optional: ['registered', 'paid', 'registrationDatetime', 'estimatedScore'],
    });
    expect(IMPORT_FIELDS.flights).toEqual({ required: ['golferId', 'season', 'flightNo'], optional: [] });
    expect(IMPORT_FIELDS.courses).toEqual({ required: ['courseName', 'coursePar', 'courseLength'], optional: [] });
  });

  it('names every field of a type, required first', () => {
    expect(importFieldNames('golfers')).toEqual(['firstName', 'lastName', 'nickname', 'email', 'phone']);
  });

  it('recognises import types', () => {
    expect(isImportType('rounds')).toBe(true);
    expect(isImportType('users')).toBe(false);
    expect(isImportType('toString')).toBe(false);
  });
});

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
