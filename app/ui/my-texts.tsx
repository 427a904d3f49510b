import { Form } from '@remix-run/react';
import { Notice } from '~/ui/notice';
import { NamedField } from '~/ui/primitives/field';
import { Button } from '~/ui/primitives/button';
import { useIsPending } from '~/ui/use-is-pending';

/** What /me (and /me/texts) show of the golfer's texts: app/web/my-texts.server.ts makes it. */
export type MyTextsData = {
  status: string;
  on: boolean;
  stopped: boolean;
  confirming: string | null;
  suggested: string;
  startHint: string;
};

export type MyTextsFailure = { intent: string; message: string; errors?: Record<string, string[]> };

/**
 * 'Texts' on /me (docs/product/my-league.md#texts): whether texts are on and for which number, the number to confirm
 * ('Text me a code'), the code texted to it ('Turn texts on'), and 'Turn texts off'. Plain forms posting to
 * /me/texts, so they work without JavaScript; a refused one comes back on /me/texts with its message.
 */
export function MyTexts({ texts, failed }: { texts: MyTextsData; failed?: MyTextsFailure | null }) {
  const busy = useIsPending({ state: 'non-idle' });
  const problem = (intent: string) =>
    failed?.intent === intent ? <Notice tone="error" title={failed.message} /> : null;
  const errorsOf = (intent: string, name: string) => (failed?.intent === intent ? failed.errors?.[name] : undefined);
  return (
    <section aria-labelledby="texts-heading" className="space-y-3 rounded-lg border bg-white p-4 shadow-sm sm:p-6">
      <h2 id="texts-heading" className="text-lg font-semibold text-emerald-800">
        Texts
      </h2>
      <p className="text-slate-700" role="status">
        {texts.status}
      </p>
      {texts.stopped ? <p className="text-sm text-slate-600">{texts.startHint}</p> : null}

      {texts.confirming ? (
        <Form method="post" action="/me/texts" className="space-y-3" noValidate>
          <input type="hidden" name="intent" value="code" />
          <p className="text-sm text-slate-700">{`We texted a code to ${texts.confirming}.`}</p>
          {problem('code')}
          <NamedField
            name="textCode"
            label="Code from the text"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            errors={errorsOf('code', 'textCode')}
          />
          <Button type="submit" disabled={busy}>
            Turn texts on
          </Button>
        </Form>
      ) : null}

      <Form method="post" action="/me/texts" className="space-y-3" noValidate>
        <input type="hidden" name="intent" value="number" />
        {problem('number')}
        <NamedField
          name="mobile"
          type="tel"
          label={texts.on ? 'Another mobile number' : 'Mobile number'}
          hint="We text a 6-digit code to it. Texts start once you type the code here."
          autoComplete="tel"
          defaultValue={texts.on ? '' : texts.suggested}
          errors={errorsOf('number', 'mobile')}
        />
        <Button type="submit" variant={texts.confirming ? 'secondary' : 'primary'} disabled={busy}>
          {texts.confirming ? 'Text me a new code' : 'Text me a code'}
        </Button>
      </Form>

      {texts.on || texts.confirming ? (
        <Form method="post" action="/me/texts">
          <input type="hidden" name="intent" value="off" />
          {problem('off')}
          <Button type="submit" variant="secondary" disabled={busy}>
            Turn texts off
          </Button>
        </Form>
      ) : null}
    </section>
  );
}
