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

/** One collator for every comparison: creating one per comparison (localeCompare with options) is slow. */
const collator = new Intl.Collator('en-US', { sensitivity: 'base' });

function byName(a: EmailListGolfer, b: EmailListGolfer): number {
  return (
    collator.compare(a.lastName.trim(), b.lastName.trim()) ||
    collator.compare(a.firstName.trim(), b.firstName.trim()) ||
    a.id - b.id
  );
}

/** Whether a golfer with an email is on the list, by the season's memberships. */
function listTest(
  memberships: readonly EmailListMembership[],
  season: number,
  filter: EmailListFilter,
): (golfer: EmailListGolfer) => boolean {
  const registered = new Set<number>();
  const owing = new Set<number>();
  for (const membership of memberships) {
    if (membership.season !== season) continue;
    registered.add(membership.golferId);
    if (membership.registered && !membership.paid) owing.add(membership.golferId);
  }
  const included = {
    current: (id: number) => registered.has(id),
    'registered-not-paid': (id: number) => owing.has(id),
    'not-registered': (id: number) => !registered.has(id),
    all: () => true,
  }[filter];
  return (golfer) => (golfer.email ?? '').trim() !== '' && included(golfer.id);
}

/**
 * The golfers of one list with an email, sorted by last then first name: the addresses of the copy box and the
 * recipients of a league message (docs/product/email.md#league-messages) come from this one rule.
 */
export function golfersOnList<G extends EmailListGolfer>(
  golfers: readonly G[],
  memberships: readonly EmailListMembership[],
  season: number,
  filter: EmailListFilter,
): G[] {
  return golfers.filter(listTest(memberships, season, filter)).sort(byName);
}

/** How many golfers of `golfers` are on the list (golfersOnList's length, without sorting them). */
export function countOnList(
  golfers: readonly EmailListGolfer[],
  memberships: readonly EmailListMembership[],
  season: number,
  filter: EmailListFilter,
): number {
  const test = listTest(memberships, season, filter);
  let count = 0;
  for (const golfer of golfers) if (test(golfer)) count += 1;
  return count;
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
  const entries = golfersOnList(golfers, memberships, season, filter).map(
    (golfer) => `${quoted(`${golfer.lastName.trim()}, ${golfer.firstName.trim()}`)} <${golfer.email!.trim()}>`,
  );
  return { count: entries.length, text: entries.join(';\n') };
}
