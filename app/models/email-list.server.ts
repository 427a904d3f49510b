import {
  buildEmailList,
  countOnList,
  emailListFilters,
  golfersOnList,
  type EmailList,
  type EmailListFilter,
} from '~/domain/email-list';
import { db, type Tx } from '~/db/db.server';

/** One tab of the Email Lists page: the addresses to copy, and the golfers of that list who opted out. */
type EmailListTab = EmailList & { unsubscribed: { id: number; entry: string }[] };

/**
 * The Email Lists page for a season (decision 066): the number of addresses on each of the four lists, and the
 * addresses of the one tab shown, built from two queries (golfers with an email, and the season's memberships)
 * whatever the number of golfers. Golfers who unsubscribed from league messages are left out of the addresses (and
 * their count) and listed apart (docs/product/email.md#unsubscribing).
 */
export async function getEmailListPage(
  season: number,
  shown: EmailListFilter,
  client: Tx = db,
): Promise<{ counts: Record<EmailListFilter, number>; list: EmailListTab & { id: EmailListFilter } }> {
  const [golfers, memberships] = await Promise.all([
    client.golfer.findMany({
      where: { email: { not: null } },
      select: { id: true, firstName: true, lastName: true, email: true, unsubscribedAt: true },
    }),
    client.membership.findMany({
      where: { season },
      select: { golferId: true, season: true, registered: true, paid: true },
    }),
  ]);
  const subscribed = golfers.filter((golfer) => !golfer.unsubscribedAt);
  const optedOut = golfers.filter((golfer) => golfer.unsubscribedAt);
  const counts = Object.fromEntries(
    emailListFilters.map((filter) => [filter.id, countOnList(subscribed, memberships, season, filter.id)]),
  ) as Record<EmailListFilter, number>;
  return {
    counts,
    list: {
      id: shown,
      ...buildEmailList(subscribed, memberships, season, shown),
      unsubscribed: golfersOnList(optedOut, memberships, season, shown).map((golfer) => ({
        id: golfer.id,
        entry: `${golfer.lastName.trim()}, ${golfer.firstName.trim()} <${golfer.email!.trim()}>`,
      })),
    },
  };
}
