import { describe, expect, it } from 'vitest';
import { formatPhone, leagueText, parseMobile, replyKeyword, STOP_LINE, TEXT_MAX } from './texts';

describe('a mobile number as a golfer types it', () => {
  it('is kept as E.164, US by default', () => {
    for (const typed of [
      '(231) 555-0147',
      '231-555-0147',
      '231.555.0147',
      '2315550147',
      '+1 231 555 0147',
      '1 231 555 0147',
    ])
      expect(parseMobile(typed)).toBe('+12315550147');
    expect(parseMobile('+44 7911 123456')).toBe('+447911123456');
  });

  it('is refused when it is no phone number', () => {
    for (const typed of [
      '',
      '555-0147',
      '1234',
      'call me',
      '(231) 555-01470',
      '231 555 0147 ext 2',
      '+1 231 555 0147; DROP',
    ])
      expect(parseMobile(typed)).toBeNull();
  });

  it('reads as people write it', () => {
    expect(formatPhone('+12315550147')).toBe('(231) 555-0147');
    expect(formatPhone('+447911123456')).toBe('+44 7911 123456');
  });
});

describe('a text the league starts', () => {
  it('ends with the stop line and holds at most 320 characters', () => {
    expect(leagueText('Rained out: no league on Monday, June 1.')).toBe(
      `Rained out: no league on Monday, June 1. ${STOP_LINE}`,
    );
    const long = leagueText('word '.repeat(100));
    expect(long.length).toBeLessThanOrEqual(TEXT_MAX);
    expect(long.endsWith(`word… ${STOP_LINE}`)).toBe(true);
    const exact = 'x'.repeat(TEXT_MAX - STOP_LINE.length - 1);
    expect(leagueText(exact)).toHaveLength(TEXT_MAX);
  });
});

describe('the keyword of a reply', () => {
  it('reads STOP and its synonyms, START and HELP, whatever the case', () => {
    for (const word of ['STOP', 'stop', ' Stop. ', 'STOPALL', 'unsubscribe', 'CANCEL', 'end', 'QUIT'])
      expect(replyKeyword(word)).toBe('stop');
    for (const word of ['START', 'unstop', 'Yes']) expect(replyKeyword(word)).toBe('start');
    for (const word of ['HELP', 'info']) expect(replyKeyword(word)).toBe('help');
    for (const word of ['Stop texting me please', 'yes please', 'See you Monday', ''])
      expect(replyKeyword(word)).toBeNull();
  });
});
