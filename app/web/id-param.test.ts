import { describe, expect, it } from 'vitest';
import { failureOf } from './http.server';
import { idParam, readId, requireId } from './id-param';

function failure(fn: () => unknown) {
  try {
    fn();
  } catch (error) {
    return failureOf(error);
  }
  throw new Error('expected a failure');
}

describe('readId', () => {
  it('reads digits as the id they name', () => {
    expect(readId('1')).toBe(1);
    expect(readId('42')).toBe(42);
    expect(readId('007')).toBe(7);
    expect(readId('2147483647')).toBe(2_147_483_647);
  });

  it('reads anything else as no id', () => {
    for (const value of ['', '0', '000', '-1', '+1', '1.5', '1e3', ' 1', '1 ', '0x10', 'abc', '١٢']) {
      expect(readId(value), JSON.stringify(value)).toBeNull();
    }
    // Past the largest id a record can have (a 32-bit Int): looked up, it would be a database error.
    expect(readId('2147483648')).toBeNull();
    expect(readId('9007199254740992')).toBeNull();
    expect(readId('99999999999999999999')).toBeNull();
    expect(readId(null)).toBeNull();
    expect(readId(undefined)).toBeNull();
    expect(readId(12)).toBeNull();
  });
});

describe('idParam', () => {
  it('answers a malformed or missing id with 400 and the value', () => {
    expect(failure(() => idParam('abc'))).toEqual({ status: 400, message: 'Invalid id: "abc"' });
    expect(failure(() => idParam('1.5', 'round id'))).toEqual({ status: 400, message: 'Invalid round id: "1.5"' });
    expect(failure(() => idParam('-1', 'golfer id'))).toEqual({ status: 400, message: 'Invalid golfer id: "-1"' });
    expect(failure(() => idParam('0'))).toEqual({ status: 400, message: 'Invalid id: "0"' });
    expect(failure(() => idParam(''))).toEqual({ status: 400, message: 'Invalid id: ""' });
    expect(failure(() => idParam(undefined))).toEqual({ status: 400, message: 'Invalid id: ""' });
    expect(failure(() => idParam('9007199254740992'))).toEqual({
      status: 400,
      message: 'Invalid id: "9007199254740992"',
    });
  });

  it('gives a well-formed id back', () => {
    expect(idParam('15', 'message id')).toBe(15);
    expect(idParam('007')).toBe(7);
  });
});

describe('requireId', () => {
  it("answers a form's missing id with the form's own message", () => {
    expect(failure(() => requireId(null, 'User is required'))).toEqual({ status: 400, message: 'User is required' });
    expect(failure(() => requireId('x', 'Golfer is required for update'))).toEqual({
      status: 400,
      message: 'Golfer is required for update',
    });
    expect(requireId('3', 'User is required')).toBe(3);
  });
});
