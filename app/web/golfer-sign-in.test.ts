import { describe, expect, it } from 'vitest';
import { afterSignIn } from './golfer-sign-in.server';

describe('where a golfer goes after signing in', () => {
  it('back to the /me page they came from', () => {
    expect(afterSignIn('/me')).toBe('/me');
    expect(afterSignIn('/me/nights?date=2026-06-01')).toBe('/me/nights?date=2026-06-01');
  });

  it('never off the site or out of /me: anything else is /me', () => {
    for (const next of [
      '//evil.example/me',
      'https://evil.example/me',
      '/golfers',
      '/me.evil',
      '/med',
      '/me/\\evil',
      null,
      42,
    ])
      expect(afterSignIn(next)).toBe('/me');
  });
});
