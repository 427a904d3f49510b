import { describe, expect, it } from 'vitest';
import { leagueMessageSchema } from './league-message';

const valid = {
  list: 'registered-not-paid',
  kind: 'league',
  sendId: 'abcdefghijklmnop1234',
  subject: 'Rain-out tonight',
  message: 'No golf tonight.',
};

function errorsOf(input: Record<string, unknown>): Record<string, string[]> {
  const parsed = leagueMessageSchema.safeParse(input);
  if (parsed.success) return {};
  const out: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) (out[issue.path.join('.') || 'form'] ??= []).push(issue.message);
  return out;
}

describe('leagueMessageSchema', () => {
  it('accepts a subject and message for one of the four tabs, trimmed', () => {
    const parsed = leagueMessageSchema.parse({ ...valid, subject: '  Rain-out tonight ', message: '\n No golf. \n' });
    expect(parsed).toEqual({ ...valid, message: 'No golf.' });
  });

  it('requires a subject and a message, blank counting as missing', () => {
    expect(errorsOf({ ...valid, subject: '   ', message: '' })).toEqual({
      subject: ['Subject is required'],
      message: ['Message is required'],
    });
    const { subject: _s, message: _m, ...rest } = valid;
    expect(errorsOf(rest)).toEqual({ subject: ['Subject is required'], message: ['Message is required'] });
  });

  it('allows a subject of 200 characters and refuses 201, and keeps it on one line', () => {
    expect(errorsOf({ ...valid, subject: 'x'.repeat(200) })).toEqual({});
    expect(errorsOf({ ...valid, subject: 'x'.repeat(201) })).toEqual({ subject: ['Use at most 200 characters'] });
    expect(errorsOf({ ...valid, subject: 'Hello\nBcc: everyone@example.org' })).toEqual({
      subject: ['Keep the subject on one line'],
    });
  });

  it('allows a message of 20,000 characters, counting a browser line break (CR LF) as one', () => {
    expect(errorsOf({ ...valid, message: 'x'.repeat(20_000) })).toEqual({});
    expect(errorsOf({ ...valid, message: 'x'.repeat(20_001) })).toEqual({
      message: ['Use at most 20,000 characters'],
    });
    const lines = `${'x'.repeat(9)}\r\n`.repeat(2_000).trim(); // 19,999 characters once CR LF is one
    expect(errorsOf({ ...valid, message: lines })).toEqual({});
    expect(leagueMessageSchema.parse({ ...valid, message: 'a\r\nb' }).message).toBe('a\nb');
  });

  it('refuses an unknown tab or kind and a missing or malformed send id', () => {
    expect(Object.keys(errorsOf({ ...valid, list: 'everyone' }))).toEqual(['list']);
    expect(Object.keys(errorsOf({ ...valid, kind: 'receipt' }))).toEqual(['kind']);
    expect(errorsOf({ ...valid, sendId: 'short' })).toEqual({
      sendId: ['This form has expired. Close it and open it again.'],
    });
    const { sendId: _id, ...noId } = valid;
    expect(Object.keys(errorsOf(noId))).toEqual(['sendId']);
  });

  it('sends a payment reminder to Registered Not Paid only', () => {
    expect(errorsOf({ ...valid, kind: 'reminder' })).toEqual({});
    expect(errorsOf({ ...valid, kind: 'reminder', list: 'all' })).toEqual({
      form: ['A payment reminder goes to the Registered Not Paid golfers only'],
    });
  });
});
