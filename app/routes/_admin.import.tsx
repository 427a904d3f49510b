import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import { useActionData, useLoaderData, useSearchParams } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { ExportCard } from '~/ui/import/export-card';
import { ImportFileForm } from '~/ui/import/import-file-form';
import { ImportGuidelines } from '~/ui/import/import-guidelines';
import { ImportJsonForm } from '~/ui/import/import-json-form';
import { importFailed, importSucceeded, type ImportOutcome } from '~/ui/import/import-outcome';
import { ImportResult } from '~/ui/import/import-result';
import { PageHeader } from '~/ui/page-header';
import { RouteError } from '~/ui/route-error';
import { useShowToast } from '~/ui/primitives/toaster';
import { UrlTabs } from '~/ui/url-tabs';
import { currentSeason, seasonChoices } from '~/domain/season';
import { importTypeSchema } from '~/schemas/import/fields';
import { checkMayImport, importFile, importJsonText } from '~/features/import/import.server';
import { readImportForm, uploadedFile } from '~/web/import-upload.server';
import { IMPORT_MESSAGES, parseJsonText } from '~/schemas/import/limits';
import { requireUser } from '~/web/auth.server';
import { titled } from '~/ui/meta';
import { failureInit, failureOf, type DataAnswer } from '~/web/http.server';
import type { Toast } from '~/schemas/toast';

export const meta: MetaFunction = ({ matches }) => titled(matches, 'Import Data');

type Tab = 'file' | 'json';
const TABS: { id: Tab; label: string }[] = [
  { id: 'file', label: 'Import from File' },
  { id: 'json', label: 'Import from JSON' },
];

/** Pasted JSON is sent back after a failure (so it can be fixed without JavaScript) only while it is small. */
const ECHO_LIMIT = 200_000;

type ActionData = {
  tab: Tab;
  outcome?: ImportOutcome;
  fieldErrors?: { file?: string[]; json?: string[] };
  json?: string;
};

function tabOf(value: string | null): Tab {
  return value === 'json' ? 'json' : 'file';
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return { season: currentSeason(), seasons: seasonChoices() };
}

/**
 * The no-JavaScript path of both tabs (and the JSON tab with JavaScript): the form is read with a size limit,
 * the same import functions as /api/import run, and the page shows the result alert.
 */
export async function action({ request }: ActionFunctionArgs): Promise<ActionData | DataAnswer<ActionData>> {
  const user = await requireUser(request);
  let form: FormData;
  try {
    form = await readImportForm(request);
  } catch (error) {
    const failure = failureOf(error);
    if (!failure) throw error;
    const tab: Tab = (request.headers.get('Content-Type') ?? '').startsWith('multipart/') ? 'file' : 'json';
    return data<ActionData>({ tab, outcome: importFailed(failure.message) }, failureInit(failure));
  }
  const intent = form.get('intent');
  const tab = tabOf(typeof intent === 'string' ? intent : null);
  const pasted = form.get('json');
  // A file sent in place of the text counts as no text.
  const text = tab === 'json' && typeof pasted === 'string' ? pasted : '';
  const echo = text.length <= ECHO_LIMIT ? text : undefined;

  const type = importTypeSchema.safeParse(form.get('type'));
  if (!type.success) {
    return data<ActionData>(
      {
        tab,
        json: echo,
        outcome: importFailed('Choose what to import: Golfers, Rounds, Memberships, Flights, Courses or Schedule.'),
      },
      { status: 400 },
    );
  }

  let file: File | null = null;
  if (tab === 'file') {
    file = uploadedFile(form);
    if (!file) return data<ActionData>({ tab, fieldErrors: { file: [IMPORT_MESSAGES.noFile] } }, { status: 400 });
  } else {
    const parsed = parseJsonText(text);
    if (!parsed.ok)
      return data<ActionData>({ tab, json: echo, fieldErrors: { json: [parsed.message] } }, { status: 400 });
  }

  try {
    checkMayImport(type.data, user);
    const { count } = file ? await importFile(type.data, file, user) : await importJsonText(type.data, text, user);
    return { tab, outcome: importSucceeded(count, type.data) };
  } catch (error) {
    const failure = failureOf(error);
    if (!failure) throw error;
    return data<ActionData>(
      { tab, json: echo, outcome: importFailed(failure.message, type.data) },
      failureInit(failure),
    );
  }
}

function toastOf(outcome: ImportOutcome): Toast {
  // The toast carries the first line; the alert on the page lists every row.
  return { type: outcome.ok ? 'success' : 'error', title: outcome.title, description: outcome.message.split('\n')[0] };
}

export default function ImportPage() {
  const { season, seasons } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const tab = actionData?.tab ?? tabOf(searchParams.get('tab'));

  // The alert shows the latest result, from the page's action (no JavaScript, JSON tab) or from the upload.
  const [outcome, setOutcome] = useState<ImportOutcome | null>(actionData?.outcome ?? null);
  const showToast = useShowToast();
  useEffect(() => {
    if (!actionData) return;
    setOutcome(actionData.outcome ?? null);
    if (actionData.outcome) showToast(toastOf(actionData.outcome));
  }, [actionData, showToast]);
  const show = (next: ImportOutcome) => {
    setOutcome(next);
    showToast(toastOf(next));
  };

  return (
    <div className="space-y-6">
      <PageHeader title="Import Data" />
      <div>
        {outcome ? <ImportResult outcome={outcome} /> : null}
        <UrlTabs
          label="Import source"
          selected={tab}
          tabs={TABS.map((t) => ({ id: t.id, label: t.label, to: t.id === 'file' ? '/import' : '/import?tab=json' }))}
        >
          <section className="rounded-lg border bg-white p-5 shadow-sm">
            {tab === 'file' ? (
              <>
                <h2 className="text-lg font-semibold text-slate-900">Import from File</h2>
                <p className="mb-4 mt-1 text-sm text-slate-600">
                  Upload a CSV or Excel file, then choose what it holds.
                </p>
                <ImportFileForm errors={actionData?.fieldErrors?.file} onOutcome={show} />
              </>
            ) : (
              <>
                <h2 className="text-lg font-semibold text-slate-900">Import from JSON</h2>
                <p className="mb-4 mt-1 text-sm text-slate-600">
                  Paste an array of objects, then choose what it holds.
                </p>
                <ImportJsonForm errors={actionData?.fieldErrors?.json} defaultValue={actionData?.json} />
              </>
            )}
          </section>
        </UrlTabs>
      </div>
      <ImportGuidelines />
      <ExportCard season={season} seasons={seasons} />
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteError what="the import page" />;
}
