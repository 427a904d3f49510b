import { Form, useNavigation } from '@remix-run/react';
import { useState } from 'react';
import { ErrorList, inputClass } from '~/ui/primitives/field';
import { Spinner } from '~/ui/primitives/spinner';
import { parseJsonText } from '~/schemas/import/limits';
import { cn } from '~/ui/cn';
import { ImportTypeButtons } from './import-type-buttons';

const PLACEHOLDER = '[\n  { "firstName": "Jane", "lastName": "Smith", "email": "jane@example.org" }\n]';

/**
 * Import from JSON: pasted text posted to the page (works without JavaScript). With JavaScript a blank or
 * malformed text is caught before sending, with the same messages the server gives.
 */
export function ImportJsonForm({ errors, defaultValue }: { errors?: string[]; defaultValue?: string }) {
  const navigation = useNavigation();
  const [clientError, setClientError] = useState<string | null>(null);
  const pending = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'json';
  const pendingType = navigation.formData?.get('type');

  function check(event: React.FormEvent<HTMLFormElement>) {
    const text = (event.currentTarget.elements.namedItem('json') as HTMLTextAreaElement | null)?.value ?? '';
    const parsed = parseJsonText(text);
    setClientError(parsed.ok ? null : parsed.message);
    if (!parsed.ok) event.preventDefault();
  }

  const shownErrors = clientError ? [clientError] : errors;
  return (
    <Form method="post" onSubmit={check} className="space-y-4" aria-label="Import from JSON">
      <input type="hidden" name="intent" value="json" />
      <div className="space-y-1">
        <label htmlFor="import-json" className="block text-sm font-medium text-slate-700">
          JSON data
        </label>
        <textarea
          id="import-json"
          name="json"
          rows={12}
          spellCheck={false}
          defaultValue={defaultValue}
          placeholder={PLACEHOLDER}
          aria-invalid={shownErrors?.length ? true : undefined}
          aria-describedby={shownErrors?.length ? 'import-json-error' : undefined}
          onChange={() => setClientError(null)}
          className={cn(inputClass, 'font-mono text-xs')}
        />
        <ErrorList id="import-json-error" errors={shownErrors} />
      </div>
      <ImportTypeButtons disabled={pending} />
      {pending ? (
        <div role="status" className="flex items-center gap-3 text-sm text-slate-700">
          <Spinner label="Importing" />
          <span>Importing {typeof pendingType === 'string' ? pendingType : ''}...</span>
        </div>
      ) : null}
    </Form>
  );
}
