import { describe, expect, it } from 'vitest';
import { golferDisplayName, matchesGolferSearch, matchesQuery } from './golfer-display';

describe('golferDisplayName', () => {
  it('shows the nickname in quotes between first and last name', () => {
    expect(
      golferDisplayName({ firstName: 'Robert', lastName: 'Smith', nickname: 'Bob', fullName: 'Robert Smith' }),
    ).toBe('Robert "Bob" Smith');
  });
  it('is the full name without a nickname', () => {
    expect(golferDisplayName({ firstName: 'Ann', lastName: 'Lee', nickname: null, fullName: 'Ann Lee' })).toBe(
      'Ann Lee',
    );
    expect(golferDisplayName({ firstName: 'Ann', lastName: 'Lee', nickname: '  ' })).toBe('Ann Lee');
  });
});

describe('matchesGolferSearch', () => {
  const golfer = {
    firstName: 'Robert',
    lastName: 'Smith',
    nickname: 'Bob',
    fullName: 'Robert Smith',
    email: 'rsmith@mhc.org',
    phone: '(231) 555-0100',
  };
  it('matches a case-insensitive substring of the full name, email or phone', () => {
    expect(matchesGolferSearch(golfer, 'ERT SMI')).toBe(true);
    expect(matchesGolferSearch(golfer, 'MHC.ORG')).toBe(true);
    expect(matchesGolferSearch(golfer, '555-01')).toBe(true);
    expect(matchesGolferSearch(golfer, 'bob')).toBe(true);
  });
  it('does not match what none of them contain', () => {
    expect(matchesGolferSearch(golfer, 'jones')).toBe(false);
    expect(matchesGolferSearch({ ...golfer, email: null, phone: null }, 'mhc')).toBe(false);
  });
  it('matches everything for a blank query', () => {
    expect(matchesGolferSearch(golfer, '')).toBe(true);
    expect(matchesGolferSearch(golfer, '   ')).toBe(true);
    expect(matchesQuery(undefined, [])).toBe(true);
  });
});
