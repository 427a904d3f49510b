import { buildEmailList, emailListFilters, type EmailList, type EmailListFilter } from '~/domain/email-list';
import { db, type Tx } from '~/utils/db.server';

/**
 * The four lists of the Email Lists page for a season, built from two queries (golfers with an email, and the
 * season's memberships) whatever the number of golfers.
 */
export async function getEmailLists(season: number, client: Tx = db): Promise<Record<EmailListFilter, EmailList>> {
  const [golfers, memberships] = await Promise.all([
    client.golfer.findMany({
      where: { email: { not: null } },
      select: { id: true, firstName: true, lastName: true, email: true },
    }),
    client.membership.findMany({
      where: { season },
      select: { golferId: true, season: true, registered: true, paid: true },
    }),
  ]);
  return Object.fromEntries(
    emailListFilters.map((filter) => [filter.id, buildEmailList(golfers, memberships, season, filter.id)]),
  ) as Record<EmailListFilter, EmailList>;
}
