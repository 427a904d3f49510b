import { describe, expect, it } from 'vitest';
import { maskEmail, maskPhone } from './contact-mask';

describe('maskEmail', () => {
  it('keeps the first letter of the name and of the domain, and the top-level domain', () => {
    expect(maskEmail('jane.doe@mercy.org')).toBe('j•••@m•••.org');
    expect(maskEmail('  Pat@Hospital.co.uk ')).toBe('P•••@H•••.uk');
  });
  it('never contains the rest of the address', () => {
    const hint = maskEmail('secretname@privatehost.com')!;
    expect(hint).not.toContain('secret');
    expect(hint).not.toContain('private');
  });
  it('gives nothing for an empty or malformed address', () => {
    expect(maskEmail(null)).toBeNull();
    expect(maskEmail('')).toBeNull();
    expect(maskEmail('no-at-sign')).toBeNull();
    expect(maskEmail('@host.org')).toBeNull();
  });
});

describe('maskPhone', () => {
  it('shows only the last two digits', () => {
    expect(maskPhone('(231) 555-0134')).toBe('•••-•••-••34');
    expect(maskPhone('2315550199')).toBe('•••-•••-••99');
  });
  it('gives nothing without a usable number', () => {
    expect(maskPhone(null)).toBeNull();
    expect(maskPhone('12')).toBeNull();
  });
});
