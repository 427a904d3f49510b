import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { useLoaderData, useSearchParams } from '@remix-run/react';
import { EmailListBox } from '~/components/email-list-box';
import { PageHeader } from '~/components/page-header';
import { RouteError } from '~/components/route-error';
import { useShowToast } from '~/components/ui/toaster';
import { UrlTabs } from '~/components/url-tabs';
import { emailListFilters, isEmailListFilter, type EmailListFilter } from '~/domain/email-list';
import { currentSeason } from '~/domain/season';
import { getEmailLists } from '~/models/email-list.server';
import { requireUser } from '~/utils/auth.server';
import { titled } from '~/utils/meta';

export const meta: MetaFunction = ({ matches }) => titled(matches, 'Email Lists');

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  const season = currentSeason();
  return json({ season, lists: await getEmailLists(season) });
}

function addresses(count: number): string {
  return `${count} email address${count === 1 ? '' : 'es'}`;
}

export default function EmailListPage() {
  const { season, lists } = useLoaderData<typeof loader>();
  const [searchParams] = useSearchParams();
  const requested = searchParams.get('list');
  const selected: EmailListFilter = isEmailListFilter(requested) ? requested : 'current';
  const filter = emailListFilters.find((f) => f.id === selected)!;
  const list = lists[selected];
  const showToast = useShowToast();

  return (
    <div className="space-y-6">
      <PageHeader title="Email Lists" />
      <p className="text-sm text-slate-600">
        Season {season}. Each entry reads &ldquo;LastName, FirstName&rdquo; &lt;email&gt;, separated by semicolons,
        ready for the To or Bcc field of a mail program. Golfers without an email are left out.
      </p>
      <UrlTabs
        label="Email lists"
        selected={selected}
        tabs={emailListFilters.map((f) => ({
          id: f.id,
          to: f.id === 'current' ? '/email-list' : `/email-list?list=${f.id}`,
          label: (
            <>
              {f.label}{' '}
              <span className="ml-1 rounded-full bg-slate-200 px-2 py-0.5 text-xs text-slate-700">
                {lists[f.id].count}
              </span>
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
          <EmailListBox
            id={`email-list-${selected}`}
            label={`${filter.label} email addresses`}
            text={list.text}
            onToast={showToast}
          />
        </section>
      </UrlTabs>
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteError what="email lists" />;
}
