import { describe, expect, it } from 'vitest';
import { leagueMessageSchema } from './league-message';
import { membershipSchema } from './membership';
import { parseForm } from './parse-form';
import { parseRegistrationForm } from './registration';
import { roundSchema } from './round';
import { seasonSchema } from './season';
import { settingsSchema } from './settings';

/** A form as the browser posts it: every field a string, an unchecked box left out. */
function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
}

function valueOf<T>(submission: { status?: string; value?: T; error?: unknown }): T {
  expect(submission.status, JSON.stringify(submission.error)).toBe('success');
  return submission.value as T;
}

function errorsOf(submission: { status?: string; error?: unknown }) {
  expect(submission.status).toBe('error');
  return submission.error;
}

const settings = {
  leagueName: 'Monday Nine',
  statementDescriptor: 'MONDAY NINE',
  seasonFeeCents: '150.00',
  teeFirst: '16:00',
  teeLast: '17:30',
  teeIntervalMinutes: '10',
  defaultPar: '36',
};

describe('parseForm', () => {
  it('reads a number field as its number and an empty optional field as absent', () => {
    const value = valueOf(
      parseForm(
        form({
          intent: 'create',
          golferId: '3',
          courseId: '',
          date: '2024-06-03',
          grossScore: ' 41 ',
          points: '',
          notes: '',
        }),
        roundSchema,
      ),
    );
    expect(value).toEqual({ golferId: 3, date: '2024-06-03', grossScore: 41 });
  });

  it('gives an empty field the schema\'s "required" message and text that is not a number its type message', () => {
    expect(errorsOf(parseForm(form({ golferId: '', date: '2024-06-03', grossScore: 'abc' }), roundSchema))).toEqual({
      golferId: ['Golfer is required'],
      grossScore: ['Gross score must be a whole number from 9 to 200'],
    });
    // A blank text field is absent, as parseWithZod made it: "required", not the length rule.
    expect(errorsOf(parseForm(form({ ...settings, statementDescriptor: '' }), settingsSchema))).toEqual({
      statementDescriptor: ['Statement descriptor is required'],
    });
  });

  it('lets the form-values fields read their own text, and a checked box is true', () => {
    expect(valueOf(parseForm(form({ ...settings, publishStats: 'on' }), settingsSchema))).toMatchObject({
      seasonFeeCents: 15000,
      teeIntervalMinutes: 10,
      publishStats: true,
    });
    expect(valueOf(parseForm(form(settings), settingsSchema))).toMatchObject({ publishStats: false });
    // What the transform leaves as text is then read as a number: '-1' is a negative fee, not a mistyped one.
    expect(errorsOf(parseForm(form({ ...settings, seasonFeeCents: '-1' }), settingsSchema))).toEqual({
      seasonFeeCents: ['The season fee cannot be negative'],
    });
    const membership = valueOf(
      parseForm(form({ golferId: '7', season: '2025', registered: 'on', estimatedScore: '' }), membershipSchema),
    );
    expect(membership).toMatchObject({ golferId: 7, season: 2025, registered: true, paid: false });
    expect(membership.estimatedScore).toBeUndefined();
    expect(errorsOf(parseForm(form({ golferId: '', season: '2025' }), membershipSchema))).toEqual({
      golferId: ['Please select a golfer'],
    });
  });

  it('reads a schema that transforms its object, and names an issue of the whole form ""', () => {
    expect(valueOf(parseForm(form({ year: '2031', fee: '$1,150.50', registrationOpens: '' }), seasonSchema))).toEqual({
      year: 2031,
      feeCents: 115050,
      registrationOpens: null,
      registrationCloses: null,
      copyFrom: undefined,
    });
    expect(
      errorsOf(
        parseForm(
          form({ list: 'all', kind: 'reminder', sendId: 'abcdefghijklmnop1234', subject: 'Pay', message: 'Please.' }),
          leagueMessageSchema,
        ),
      ),
    ).toEqual({ '': ['A payment reminder goes to the Registered Not Paid golfers only'] });
    expect(errorsOf(parseForm(form({ ...settings, teeLast: '15:00' }), settingsSchema))).toEqual({
      teeLast: ['The last tee time must not be before the first'],
    });
  });

  it('reads /register the same way: the fields of whichever form is chosen', () => {
    expect(
      valueOf(
        parseRegistrationForm(
          form({
            registrationType: 'returning',
            golferId: '12',
            firstName: '',
            estimatedScore: '',
            email: ' golfer@example.org ',
            phone: '   ',
            termsAccepted: 'on',
          }),
        ),
      ),
    ).toEqual({ registrationType: 'returning', golferId: 12, email: 'golfer@example.org', termsAccepted: true });
    expect(
      errorsOf(parseRegistrationForm(form({ registrationType: 'new', firstName: 'Al', estimatedScore: '4x' }))),
    ).toEqual({
      lastName: ['Last name is required'],
      email: ['Email is required'],
      phone: ['Phone number is required'],
      estimatedScore: ['Estimated score must be a number'],
      termsAccepted: ['You must accept the terms and conditions.'],
    });
  });
});
