export const emailListFilters = [
  { id: 'current', label: 'Registered This Season' },
  { id: 'registered-not-paid', label: 'Registered Not Paid' },
  { id: 'not-registered', label: 'Not Yet Registered' },
  { id: 'all', label: 'All Email Addresses' },
] as const;

export type EmailListFilter = (typeof emailListFilters)[number]['id'];

export function isEmailListFilter(value: unknown): value is EmailListFilter {
  return emailListFilters.some((filter) => filter.id === value);
}

export interface EmailListGolfer {
  id: number;
  firstName: string;
  lastName: string;
  email?: string | null;
}

export interface EmailListMembership {
  golferId: number;
  season: number;
  registered: boolean;
  paid: boolean;
}

export interface EmailList {
  count: number;
  text: string;
}

/** Names go inside a quoted string, where `"` and `\` must be escaped for mail clients to parse the entry. */
function quoted(value: string): string {
  return `"${value.replace(/["\\]/g, '\\$&')}"`;
}

function byName(a: EmailListGolfer, b: EmailListGolfer): number {
  const options = { sensitivity: 'base' } as const;
  return (
    a.lastName.trim().localeCompare(b.lastName.trim(), 'en-US', options) ||
    a.firstName.trim().localeCompare(b.firstName.trim(), 'en-US', options) ||
    a.id - b.id
  );
}

/**
 * The text an administrator pastes into a mail client's To/Bcc field: one
 * `"LastName, FirstName" <email>` entry per golfer with an email, joined by ";\n".
 */
export function buildEmailList(
  golfers: readonly EmailListGolfer[],
  memberships: readonly EmailListMembership[],
  season: number,
  filter: EmailListFilter,
): EmailList {
  const thisSeason = new Map<number, EmailListMembership[]>();
  for (const membership of memberships) {
    if (membership.season !== season) continue;
    thisSeason.set(membership.golferId, [...(thisSeason.get(membership.golferId) ?? []), membership]);
  }

  const included = (golfer: EmailListGolfer): boolean => {
    const own = thisSeason.get(golfer.id) ?? [];
    switch (filter) {
      case 'current':
        return own.length > 0;
      case 'registered-not-paid':
        return own.some((membership) => membership.registered && !membership.paid);
      case 'not-registered':
        return own.length === 0;
      case 'all':
        return true;
    }
  };

  const entries = golfers
    .filter((golfer) => (golfer.email ?? '').trim() !== '' && included(golfer))
    .sort(byName)
    .map((golfer) => `${quoted(`${golfer.lastName.trim()}, ${golfer.firstName.trim()}`)} <${golfer.email!.trim()}>`);

  return { count: entries.length, text: entries.join(';\n') };
}
