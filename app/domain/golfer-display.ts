/**
 * How a golfer's name is shown and searched. The stored fullName is "First Last"; a nickname, when there is one,
 * is shown in quotes between the names (`Robert "Bob" Smith`), the way a league roster writes it
 * (docs/decisions/010-golfer-names-and-search.md).
 */
export type NamedGolfer = { firstName: string; lastName: string; nickname?: string | null; fullName?: string | null };

export function golferDisplayName(golfer: NamedGolfer): string {
  const nickname = golfer.nickname?.trim();
  const first = golfer.firstName.trim();
  const last = golfer.lastName.trim();
  return nickname ? `${first} "${nickname}" ${last}` : golfer.fullName?.trim() || `${first} ${last}`;
}

/** Lower-cased, trimmed search text; empty means "no filter". */
function normalizeQuery(query: string | null | undefined): string {
  return (query ?? '').trim().toLowerCase();
}

/** Case-insensitive substring match of a query against any of the values (blank values never match). */
export function matchesQuery(
  query: string | null | undefined,
  values: readonly (string | null | undefined)[],
): boolean {
  const q = normalizeQuery(query);
  if (!q) return true;
  return values.some((v) => typeof v === 'string' && v.toLowerCase().includes(q));
}

/**
 * docs/product/screens-admin.md#golfers: the search box matches the full name, email and phone (and the nickname, which
 * is part of the shown name).
 */
export function matchesGolferSearch(
  golfer: NamedGolfer & { email?: string | null; phone?: string | null },
  query: string | null | undefined,
): boolean {
  return matchesQuery(query, [
    golfer.fullName ?? `${golfer.firstName} ${golfer.lastName}`,
    golferDisplayName(golfer),
    golfer.email,
    golfer.phone,
  ]);
}
