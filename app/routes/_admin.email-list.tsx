import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { EmailListBox } from '~/ui/email-list-box';
import { golfersCount, LeagueMessageForm } from '~/ui/league-message-form';
import { PageHeader } from '~/ui/page-header';
import { RouteError } from '~/ui/route-error';
import { buttonClass } from '~/ui/primitives/button';
import { UrlDialog } from '~/ui/primitives/dialog';
import { useShowToast } from '~/ui/primitives/toaster';
import { UrlTabs } from '~/ui/url-tabs';
import { emailListFilters, isEmailListFilter, type EmailListFilter } from '~/domain/email-list';
import { formatDollars } from '~/domain/format';
import { currentSeason } from '~/domain/season';
import { paymentReminderText } from '~/features/league-messages/email.server';
import { getEmailListPage } from '~/models/email-list.server';
import { newSendId, queueLeagueMessage } from '~/features/league-messages/league-messages.server';
import { registrationOffer } from '~/features/registration/checkout.server';
import { getSettings } from '~/models/settings.server';
import { leagueMessageSchema } from '~/schemas/league-message';
import { adminAction, intent } from '~/web/admin-page.server';
import { requireUser } from '~/web/auth.server';
import { siteOrigin } from '~/web/http.server';
import { titled } from '~/ui/meta';
import { useListPage } from '~/ui/use-list-page';

export const meta: MetaFunction = ({ matches }) => titled(matches, 'Email Lists');

const ADMIN_ONLY = 'Only an administrator can send league messages';

/** A tab's own URL: `/email-list` for the first, `/email-list?list=…` for the others. */
function tabUrl(list: EmailListFilter): string {
  return list === 'current' ? '/email-list' : `/email-list?list=${list}`;
}

/** The tab a URL shows: the one being composed to, else ?list=, else the first. */
function tabOf(url: URL): EmailListFilter {
  const list = url.searchParams.get('list');
  return composeOf(url)?.list ?? (isEmailListFilter(list) ? list : 'current');
}

/**
 * ?compose=<tab id> opens 'Compose message' for that tab; ?compose=reminder opens 'Send payment reminder' for
 * Registered Not Paid (docs/product/email.md#league-messages). Anything else opens nothing.
 */
function composeOf(url: URL): { list: EmailListFilter; kind: 'league' | 'reminder' } | null {
  const compose = url.searchParams.get('compose');
  if (compose === 'reminder') return { list: 'registered-not-paid', kind: 'reminder' };
  return isEmailListFilter(compose) ? { list: compose, kind: 'league' } : null;
}

/** The payment reminder's ready text: the season /register sells, its fee, and /register's address. */
async function reminderDraft(request: Request) {
  const [offer, settings] = await Promise.all([registrationOffer(), getSettings()]);
  return paymentReminderText({
    leagueName: settings.leagueName,
    year: offer.year,
    fee: formatDollars(offer.feeCents),
    registerUrl: `${siteOrigin(request)}/register?type=returning`,
  });
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const url = new URL(request.url);
  const season = currentSeason();
  const opened = composeOf(url);
  const compose =
    opened && user.isAdmin
      ? {
          ...opened,
          // A new id for every form shown: sending the same form twice (a double click without JavaScript, a
          // resubmitted page) queues the message once.
          sendId: newSendId(),
          draft: opened.kind === 'reminder' ? await reminderDraft(request) : null,
        }
      : null;
  // Only the tab shown carries its addresses (decision 066): the page holds them twice already, in the box and in
  // the data React hydrates from.
  const { counts, list } = await getEmailListPage(season, tabOf(url));
  return { season, counts, list, isAdmin: user.isAdmin, compose };
}

export async function action({ request }: ActionFunctionArgs) {
  const url = new URL(request.url);
  return adminAction(request, {
    back: tabUrl(tabOf(url)),
    // A message of up to 20,000 characters, percent-encoded: up to 9 bytes for one accented character.
    maxBytes: 400_000,
    intents: {
      send: intent({
        schema: leagueMessageSchema,
        admin: ADMIN_ONLY,
        run: async ({ actor, value, done }) => {
          const { count } = await queueLeagueMessage(value, { origin: siteOrigin(request) }, actor);
          return done({ title: `Message queued for ${golfersCount(count)}` }, tabUrl(value.list));
        },
      }),
    },
  });
}

function addresses(count: number): string {
  return `${count} email address${count === 1 ? '' : 'es'}`;
}

export default function EmailListPage() {
  const { season, counts, list, isAdmin, compose } = useLoaderData<typeof loader>();
  const { params, resultFor } = useListPage({ rows: [], actionData: useActionData<typeof action>() });
  const opened = composeOf(new URL(`/email-list?${params.toString()}`, 'http://x'));
  const selected = tabOf(new URL(`/email-list?${params.toString()}`, 'http://x'));
  // The addresses are those of the tab the loader answered for; while another tab loads, they stay until it comes.
  const filter = emailListFilters.find((f) => f.id === list.id)!;
  const showToast = useShowToast();
  const closeTo = tabUrl(selected);

  return (
    <div className="space-y-6">
      <PageHeader title="Email Lists" />
      <p className="text-sm text-slate-600">
        Season {season}. Each entry reads &ldquo;LastName, FirstName&rdquo; &lt;email&gt;, separated by semicolons,
        ready for the To or Bcc field of a mail program. Golfers without an email, and golfers who unsubscribed from
        league messages, are left out.
      </p>
      <UrlTabs
        label="Email lists"
        selected={selected}
        tabs={emailListFilters.map((f) => ({
          id: f.id,
          to: tabUrl(f.id),
          label: (
            <>
              {f.label}{' '}
              <span className="ml-1 rounded-full bg-slate-200 px-2 py-0.5 text-xs text-slate-700">{counts[f.id]}</span>
            </>
          ),
        }))}
      >
        <section className="rounded-lg border bg-white p-5 shadow-sm">
          <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
            <h2 className="text-lg font-semibold text-slate-900">{filter.label}</h2>
            <p className="text-sm text-slate-600" data-testid="email-count">
              {addresses(list.count)}
            </p>
          </div>
          {isAdmin ? (
            <div className="mb-4 flex flex-wrap gap-2">
              <Link to={`/email-list?compose=${selected}`} preventScrollReset className={buttonClass()}>
                Compose message
              </Link>
              {selected === 'registered-not-paid' ? (
                <Link to="/email-list?compose=reminder" preventScrollReset className={buttonClass('secondary')}>
                  Send payment reminder
                </Link>
              ) : null}
            </div>
          ) : null}
          <EmailListBox
            id={`email-list-${list.id}`}
            label={`${filter.label} email addresses`}
            text={list.text}
            onToast={showToast}
          />
          {list.unsubscribed.length > 0 ? (
            <div className="mt-4">
              <h3 className="text-sm font-semibold text-slate-900">Unsubscribed from league messages</h3>
              <ul className="mt-1 space-y-0.5 text-sm text-slate-700" aria-label="Unsubscribed golfers">
                {list.unsubscribed.map((golfer) => (
                  <li key={golfer.id}>
                    {golfer.entry}{' '}
                    <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs text-amber-900">(unsubscribed)</span>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </section>
      </UrlTabs>

      {opened ? (
        <UrlDialog
          title={opened.kind === 'reminder' ? 'Send payment reminder' : 'Compose message'}
          description={`To: ${filter.label} (season ${season})`}
          closeTo={closeTo}
          className="max-w-2xl"
        >
          {!isAdmin ? (
            <p>{ADMIN_ONLY}.</p>
          ) : compose && compose.list === opened.list && compose.kind === opened.kind && list.id === opened.list ? (
            <LeagueMessageForm
              key={`${compose.kind}-${compose.list}`}
              list={compose.list}
              kind={compose.kind}
              sendId={compose.sendId}
              recipients={list.count}
              unsubscribed={list.unsubscribed.length}
              draft={compose.draft}
              lastResult={resultFor('send')}
              closeTo={closeTo}
            />
          ) : (
            <p>Loading…</p>
          )}
        </UrlDialog>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteError what="email lists" />;
}
