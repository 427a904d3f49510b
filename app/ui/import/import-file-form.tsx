import { Form } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import { ErrorList } from '~/ui/primitives/field';
import { Spinner } from '~/ui/primitives/spinner';
import { isImportType, type ImportType } from '~/schemas/import/fields';
import {
  IMPORT_FILE_ACCEPT,
  IMPORT_MESSAGES,
  isAcceptedFileName,
  MAX_IMPORT_BYTES,
  tooLargeMessage,
  wrongTypeMessage,
} from '~/schemas/import/limits';
import { importFailed, importSucceeded, type ImportOutcome } from './import-outcome';
import { ImportTypeButtons } from './import-type-buttons';

type Progress = { phase: 'uploading'; percent: number } | { phase: 'importing' };

/** The JSON answer of POST /api/import/{type}: {count} or {message}. */
function outcomeOf(xhr: XMLHttpRequest, type: ImportType): ImportOutcome {
  let body: unknown = null;
  try {
    body = JSON.parse(xhr.responseText);
  } catch {
    // Not JSON (a proxy's error page): the fallback message below says what failed.
  }
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  if (xhr.status === 200 && typeof record.count === 'number') return importSucceeded(record.count, type);
  if (xhr.status === 401) return importFailed('Your session has ended. Sign in again, then import the file.', type);
  return importFailed(typeof record.message === 'string' ? record.message : null, type);
}

/**
 * Import from File. Without JavaScript it is a plain multipart form posted to the page. With JavaScript the file
 * goes to POST /api/import/{type} by XMLHttpRequest, the one browser API that reports upload progress, so a
 * progress bar shows while uploading and a spinner while the server imports.
 */
export function ImportFileForm({
  errors,
  onOutcome,
}: {
  errors?: string[];
  onOutcome: (outcome: ImportOutcome) => void;
}) {
  const [clientError, setClientError] = useState<string | null>(null);
  const [progress, setProgress] = useState<Progress | null>(null);
  const [importing, setImporting] = useState<ImportType | null>(null);
  const request = useRef<XMLHttpRequest | null>(null);
  useEffect(() => () => request.current?.abort(), []);

  function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const type = submitter?.value;
    if (!isImportType(type) || progress) return;
    const file = (form.elements.namedItem('file') as HTMLInputElement | null)?.files?.[0];
    const problem = !file
      ? IMPORT_MESSAGES.noFile
      : !isAcceptedFileName(file.name)
        ? wrongTypeMessage(file.name)
        : file.size > MAX_IMPORT_BYTES
          ? tooLargeMessage()
          : null;
    setClientError(problem);
    if (problem || !file) return;

    const body = new FormData();
    body.append('file', file);
    const xhr = new XMLHttpRequest();
    request.current = xhr;
    xhr.open('POST', `/api/import/${type}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) setProgress({ phase: 'uploading', percent: Math.round((e.loaded / e.total) * 100) });
    };
    xhr.upload.onload = () => setProgress({ phase: 'importing' });
    xhr.onload = () => {
      setProgress(null);
      setImporting(null);
      const outcome = outcomeOf(xhr, type);
      if (outcome.ok) form.reset();
      onOutcome(outcome);
    };
    xhr.onerror = () => {
      setProgress(null);
      setImporting(null);
      onOutcome(importFailed(`Failed to import ${type}: the connection was lost. Please try again.`, type));
    };
    setImporting(type);
    setProgress({ phase: 'uploading', percent: 0 });
    xhr.send(body);
  }

  const shownErrors = clientError ? [clientError] : errors;
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      onSubmit={submit}
      noValidate
      className="space-y-4"
      aria-label="Import from File"
    >
      <input type="hidden" name="intent" value="file" />
      <div className="space-y-1">
        <label htmlFor="import-file" className="block text-sm font-medium text-slate-700">
          CSV or Excel file (.csv, .xlsx, .xls)
        </label>
        <input
          id="import-file"
          name="file"
          type="file"
          accept={IMPORT_FILE_ACCEPT}
          aria-invalid={shownErrors?.length ? true : undefined}
          aria-describedby={shownErrors?.length ? 'import-file-error' : undefined}
          onChange={() => setClientError(null)}
          className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-emerald-50 file:px-3 file:py-2 file:text-sm file:font-medium file:text-emerald-800 hover:file:bg-emerald-100"
        />
        <ErrorList id="import-file-error" errors={shownErrors} />
      </div>
      <ImportTypeButtons disabled={progress !== null} />
      {progress ? (
        <div role="status" className="flex items-center gap-3 text-sm text-slate-700">
          {progress.phase === 'uploading' ? (
            <>
              <progress
                max={100}
                value={progress.percent}
                aria-label="Upload progress"
                className="h-2 w-48 accent-emerald-700"
              />
              <span>Uploading... {progress.percent}%</span>
            </>
          ) : (
            <>
              <Spinner label="Importing" />
              <span>Importing {importing}...</span>
            </>
          )}
        </div>
      ) : null}
    </Form>
  );
}
