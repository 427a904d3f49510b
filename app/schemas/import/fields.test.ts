import { describe, expect, it } from 'vitest';
import { IMPORT_FIELDS, IMPORT_TYPES, importFieldNames, isImportType, importTypeSchema } from './fields';

describe('IMPORT_FIELDS', () => {
  it('lists the required and optional fields of each import type', () => {
    expect(IMPORT_TYPES).toEqual(['golfers', 'rounds', 'memberships', 'flights', 'courses', 'schedule']);
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
    expect(IMPORT_FIELDS.courses).toEqual({
      required: ['courseName', 'coursePar', 'courseLength'],
      optional: ['holes'],
    });
    expect(IMPORT_FIELDS.schedule).toEqual({
      required: ['date', 'event', 'kind'],
      optional: ['weekNumber', 'rainOut'],
    });
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

describe('importTypeSchema', () => {
  it('accepts the six types and refuses anything else', () => {
    expect(importTypeSchema.safeParse('flights').success).toBe(true);
    expect(importTypeSchema.safeParse('schedule').success).toBe(true);
    expect(importTypeSchema.safeParse('users').success).toBe(false);
  });
});
