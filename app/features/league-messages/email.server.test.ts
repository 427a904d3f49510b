import { describe, expect, it } from 'vitest';
import { buildLeagueEmail, paymentReminderText, unsubscribeUrl } from './email.server';

const url = unsubscribeUrl('https://golf.example/', 'tok_en-123');

describe('unsubscribeUrl', () => {
  it('is the golfer’s own page on the site', () => {
    expect(url).toBe('https://golf.example/unsubscribe/tok_en-123');
  });
});

describe('buildLeagueEmail', () => {
  const email = buildLeagueEmail({
    leagueName: 'Mercy & Friends <Golf>',
    subject: 'Tonight: <b>rain</b> & "wind"',
    message: 'Hi all,\n\nNo golf <script>alert(1)</script> tonight.\nSee https://golf.example/schedule.',
    golfer: { firstName: '<img src=x onerror=alert(1)>', lastName: "O'Brien" },
    unsubscribe: url,
  });

  it('keeps the subject as typed (the mail library encodes headers)', () => {
    expect(email.subject).toBe('Tonight: <b>rain</b> & "wind"');
  });

  it('escapes the subject, the message, the golfer’s name and the league’s name in the HTML', () => {
    expect(email.html).toContain('<title>Tonight: &lt;b&gt;rain&lt;/b&gt; &amp; &quot;wind&quot;</title>');
    expect(email.html).toContain('No golf &lt;script&gt;alert(1)&lt;/script&gt; tonight.');
    expect(email.html).toContain(
      'Sent to &lt;img src=x onerror=alert(1)&gt; O&#39;Brien by Mercy &amp; Friends &lt;Golf&gt;.',
    );
    expect(email.html).not.toMatch(/<script|<img|<b>/);
    expect(email.html).toContain('<a href="https://golf.example/schedule">https://golf.example/schedule</a>.');
  });

  it('gives the message as typed in the text part, signed, with the unsubscribe address', () => {
    expect(email.text).toContain('Hi all,\n\nNo golf <script>alert(1)</script> tonight.');
    expect(email.text).toContain('Mercy & Friends <Golf>');
    expect(email.text).toContain(`To stop receiving league messages, open ${url}`);
  });

  it('carries a one-click unsubscribe link in the body and in the List-Unsubscribe headers', () => {
    expect(email.html).toContain(`<a href="${url}">Unsubscribe from league messages</a>`);
    expect(email.headers).toEqual({
      'List-Unsubscribe': `<${url}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });
});

describe('paymentReminderText', () => {
  it('names the season, the fee and the address of /register', () => {
    const { subject, message } = paymentReminderText({
      leagueName: 'Healthcare Golf League',
      year: 2027,
      fee: '$150',
      registerUrl: 'https://golf.example/register?type=returning',
    });
    expect(subject).toBe('Payment reminder: 2027 Healthcare Golf League season');
    expect(message).toContain('your league fee of $150');
    expect(message).toContain('https://golf.example/register?type=returning');
  });
});
