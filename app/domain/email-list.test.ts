import { describe, expect, it } from 'vitest';
import {
  buildEmailList,
  countOnList,
  emailListFilters,
  isEmailListFilter,
  type EmailListGolfer,
  type EmailListMembership,
} from './email-list';

const golfers: EmailListGolfer[] = [
  { id: 1, firstName: 'Jane', lastName: 'Smith', email: 'jane@example.org' },
  { id: 2, firstName: 'Al', lastName: 'Brown', email: 'al@example.org' },
  { id: 3, firstName: 'Bea', lastName: 'Adams', email: 'bea@example.org' },
  { id: 4, firstName: 'Carl', lastName: 'Smith', email: 'carl@example.org' },
  { id: 5, firstName: 'No', lastName: 'Email', email: null },
  { id: 6, firstName: 'Blank', lastName: 'Email', email: '   ' },
  { id: 7, firstName: 'Old', lastName: 'Timer', email: 'old@example.org' },
];

const memberships: EmailListMembership[] = [
  { golferId: 1, season: 2025, registered: true, paid: true },
  { golferId: 2, season: 2025, registered: true, paid: false },
  { golferId: 4, season: 2025, registered: false, paid: false },
  { golferId: 5, season: 2025, registered: true, paid: false },
  { golferId: 7, season: 2024, registered: true, paid: false },
];

describe('emailListFilters', () => {
  it('offers the four tabs in order', () => {
    expect(emailListFilters.map((filter) => filter.label)).toEqual([
      'Registered This Season',
      'Registered Not Paid',
      'Not Yet Registered',
      'All Email Addresses',
    ]);
    expect(isEmailListFilter('registered-not-paid')).toBe(true);
    expect(isEmailListFilter('paid')).toBe(false);
  });
});

describe('buildEmailList', () => {
  it('lists everyone with any membership this season, sorted by last then first name', () => {
    expect(buildEmailList(golfers, memberships, 2025, 'current')).toEqual({
      count: 3,
      text: '"Brown, Al" <al@example.org>;\n"Smith, Carl" <carl@example.org>;\n"Smith, Jane" <jane@example.org>',
    });
  });

  it('lists those registered but not paid this season only', () => {
    expect(buildEmailList(golfers, memberships, 2025, 'registered-not-paid')).toEqual({
      count: 1,
      text: '"Brown, Al" <al@example.org>',
    });
  });

  it('lists golfers without a membership this season, even if they had one last season', () => {
    expect(buildEmailList(golfers, memberships, 2025, 'not-registered')).toEqual({
      count: 2,
      text: '"Adams, Bea" <bea@example.org>;\n"Timer, Old" <old@example.org>',
    });
  });

  it('lists every golfer with an email and skips those without', () => {
    const list = buildEmailList(golfers, memberships, 2025, 'all');
    expect(list.count).toBe(5);
    expect(list.text).not.toContain('Email');
    expect(list.text.split(';\n')[0]).toBe('"Adams, Bea" <bea@example.org>');
  });

  it('is empty when nobody matches', () => {
    expect(buildEmailList(golfers, memberships, 2030, 'current')).toEqual({ count: 0, text: '' });
  });

  it('escapes quotes in names and trims stray spaces', () => {
    const list = buildEmailList(
      [{ id: 1, firstName: 'Robert "Bob"', lastName: ' Jones ', email: ' bob@example.org ' }],
      [],
      2025,
      'all',
    );
    expect(list.text).toBe('"Jones, Robert \\"Bob\\"" <bob@example.org>');
  });

  it('sorts names without regard to case', () => {
    const list = buildEmailList(
      [
        { id: 1, firstName: 'Ann', lastName: 'de Vries', email: 'a@example.org' },
        { id: 2, firstName: 'Ben', lastName: 'Davis', email: 'b@example.org' },
      ],
      [],
      2025,
      'all',
    );
    expect(list.text).toBe('"Davis, Ben" <b@example.org>;\n"de Vries, Ann" <a@example.org>');
  });
});

describe('countOnList', () => {
  it('counts each list as buildEmailList does, without building it', () => {
    for (const filter of emailListFilters)
      expect(countOnList(golfers, memberships, 2025, filter.id)).toBe(
        buildEmailList(golfers, memberships, 2025, filter.id).count,
      );
    expect(countOnList(golfers, memberships, 2025, 'current')).toBe(3);
  });
});
