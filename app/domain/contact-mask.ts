/**
 * Masked hints of a golfer's contact details for the public registration page
 * (docs/product/privacy-and-access.md#contact-details):
 * enough for a golfer to recognise their own, too little to learn anyone else's.
 */

const DOT = '•••';

/** 'jane.doe@mercy.org' → 'j•••@m•••.org'; null for an empty or malformed address. */
export function maskEmail(email: string | null | undefined): string | null {
  const value = email?.trim();
  if (!value) return null;
  const at = value.lastIndexOf('@');
  if (at <= 0 || at === value.length - 1) return null;
  const local = value.slice(0, at);
  const domain = value.slice(at + 1);
  const dot = domain.lastIndexOf('.');
  const host = dot > 0 ? domain.slice(0, dot) : domain;
  const tld = dot > 0 ? domain.slice(dot) : '';
  return `${local.charAt(0)}${DOT}@${host.charAt(0)}${DOT}${tld}`;
}

/** '(231) 555-0134' → '•••-•••-••34' (the last two digits only); null when there are too few digits. */
export function maskPhone(phone: string | null | undefined): string | null {
  const digits = phone?.replace(/\D/g, '') ?? '';
  if (digits.length < 4) return null;
  return `${DOT}-${DOT}-••${digits.slice(-2)}`;
}
