import type { ActionFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { importJsonText, requireImportType } from '~/models/import.server';
import { MAX_IMPORT_BYTES } from '~/schemas/import';
import { requireApiUser } from '~/utils/auth.server';
import { apiHandler, readBodyText } from '~/utils/http.server';
import { postOnlyLoader } from '~/utils/api-input.server';

/** Only POST does anything here; a GET gets 405 in JSON. */
export const loader = postOnlyLoader;

/** POST /api/import/{type}/json: a JSON array of objects with the type's fields; answers {count}. */
export function action({ request, params }: ActionFunctionArgs) {
  return apiHandler(async () => {
    await requireApiUser(request);
    const type = requireImportType(params.type);
    return json(await importJsonText(type, await readBodyText(request, MAX_IMPORT_BYTES)));
  });
}
