import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { titled } from '~/ui/meta';
import { MyTexts, type MyTextsFailure } from '~/ui/my-texts';
import { textCodeSchema, textNumberSchema } from '~/schemas/my-texts';
import { requireGolfer } from '~/web/golfer-session.server';
import { confirmTextCode, myTexts, sendTextCode, textsOff } from '~/web/my-texts.server';
import { publicAction, publicIntent, retryAfterHeaders } from '~/web/public-page.server';

export const meta: MetaFunction = ({ matches }) => titled(matches, 'Texts');

export const headers = retryAfterHeaders;

/**
 * /me/texts: 'Texts' of My league (docs/product/my-league.md#texts). /me shows the same section and posts here; a
 * refused form (a malformed number, a wrong code, a locked number) comes back on this page with its message, so every
 * step works without JavaScript. Success goes back to /me with a toast.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { golferId } = await requireGolfer(request);
  return { texts: await myTexts(golferId) };
}

function intentOf(form: FormData | null): string {
  const intent = form?.get('intent');
  return typeof intent === 'string' ? intent : '';
}

export async function action({ request }: ActionFunctionArgs) {
  const { golferId } = await requireGolfer(request);
  return publicAction(request, {
    maxBytes: 2_000,
    unknown: 'Unknown action.',
    intents: {
      number: publicIntent({
        schema: textNumberSchema,
        invalid: 'Enter a mobile number, like (231) 555-0147.',
        run: async ({ value, done }) => {
          const { number } = await sendTextCode(golferId, value.mobile);
          return done('/me#texts-heading', {
            title: 'Code sent',
            description: `We texted a code to ${number}. Type it under Texts.`,
          });
        },
      }),
      code: publicIntent({
        schema: textCodeSchema,
        invalid: 'Enter the 6-digit code from the text.',
        run: async ({ value, done }) => {
          const { number } = await confirmTextCode(golferId, value.textCode);
          return done('/me#texts-heading', { title: 'Texts are on', description: `Texts are on for ${number}.` });
        },
      }),
      off: publicIntent({
        run: async ({ done }) => {
          await textsOff(golferId);
          return done('/me#texts-heading', { title: 'Texts are off', description: 'The league sends you no text.' });
        },
      }),
    },
    failed: async (failure, form): Promise<MyTextsFailure & { texts: Awaited<ReturnType<typeof myTexts>> }> => ({
      intent: intentOf(form),
      message: failure.message,
      errors: failure.errors,
      texts: await myTexts(golferId),
    }),
  });
}

export default function MyTextsPage() {
  const loaded = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const texts = failed && 'texts' in failed ? failed.texts : loaded.texts;
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <div>
        <h1 className="text-3xl font-bold text-slate-900">Texts</h1>
        <Link to="/me" className="text-emerald-800 underline">
          Back to My league
        </Link>
      </div>
      <MyTexts texts={texts} failed={failed && 'intent' in failed ? failed : null} />
    </div>
  );
}
