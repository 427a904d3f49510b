import type { MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import type { ReactNode } from 'react';

import { REFUND_DEADLINE_LABEL, REFUND_PERCENT } from '~/domain/league-rules';
import { publicSeasonFacts } from '~/models/public-season.server';
import { titled } from '~/ui/meta';

export const meta: MetaFunction = ({ matches }) => [
  ...titled(matches, 'Terms and Conditions'),
  { name: 'description', content: 'Terms and conditions of golf league membership.' },
];

const textLink = 'font-medium text-emerald-700 underline underline-offset-2 hover:text-emerald-900';

function TermsSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="text-lg font-semibold text-emerald-800">
        {title}
      </h2>
      <div className="mt-2 space-y-2 text-slate-700">{children}</div>
    </section>
  );
}

/** The fee is the league season's (docs/product/seasons.md#the-league-season). */
export async function loader() {
  const { fee } = await publicSeasonFacts();
  return { fee };
}

export default function TermsPage() {
  const { fee } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <header>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Terms and Conditions</h1>
        <p className="mt-2 text-slate-700">
          By registering for the league you agree to the following terms. Please read them before continuing to payment.
        </p>
      </header>

      <div className="space-y-6 rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
        <TermsSection id="membership-fee" title="1. Season fee">
          <p>
            League membership costs {fee} per season, paid once at registration through our card payment provider. The
            fee covers league membership for the current season only: your standing tee time, the stats website, flight
            play, the playoffs and the final outing.
          </p>
          <p>
            The season fee does not include the course&apos;s walk-up fees, which you pay at the course each time you
            play.
          </p>
        </TermsSection>

        <TermsSection id="refunds" title="2. Refunds">
          <p>
            If you cannot finish the season, {REFUND_PERCENT}% of your dues are refunded when you notify the league by{' '}
            {REFUND_DEADLINE_LABEL} of the season. No refunds are given after {REFUND_DEADLINE_LABEL}. Rain-outs and
            cancelled nights are not refunded.
          </p>
        </TermsSection>

        <TermsSection id="conduct" title="3. Conduct">
          <p>
            You agree to follow the{' '}
            <Link to="/rules" className={textLink}>
              League Rules
            </Link>
            , the Rules of Golf and the course&apos;s own policies, and to treat other golfers and the course staff with
            respect. The league may remove a golfer whose conduct is abusive, unsafe or repeatedly against the rules.
          </p>
          <p>
            Golf carries a risk of injury and damage. You play at your own risk and are responsible for your own
            conduct, equipment and any cart you use.
          </p>
        </TermsSection>

        <TermsSection id="stats-and-photos" title="4. Scores, stats website and photos">
          <p>
            Your name (or nickname), scores, handicap, points, flight and standings are recorded by the league and
            shared with league members on the league&apos;s stats website. Your name appears on the public tee-time
            sheet.
          </p>
          <p>
            Photos may be taken at league events and shared with league members. If you would rather not appear in
            photos, tell the league administrator and we will respect that.
          </p>
        </TermsSection>

        <TermsSection id="privacy" title="5. Privacy of your contact details">
          <p>
            Your email address and phone number are used only to run the league: schedules, tee times, results and
            league announcements. They are never shown on the public website, never sold and never shared outside the
            league.
          </p>
          <p>Card details are handled by our payment provider; the league never sees or stores your card number.</p>
        </TermsSection>

        <TermsSection id="changes" title="6. Changes">
          <p>
            The schedule may change because of weather or course availability. Changes to these terms are announced to
            members by email.
          </p>
        </TermsSection>
      </div>

      <p>
        <Link
          to="/register"
          className="inline-flex items-center justify-center rounded-md bg-emerald-700 px-5 py-3 font-semibold text-white shadow-sm hover:bg-emerald-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600 focus-visible:ring-offset-2"
        >
          Return to Registration
        </Link>
      </p>
    </div>
  );
}
