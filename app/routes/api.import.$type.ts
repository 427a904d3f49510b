import type { ActionFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { importFile, requireImportType } from '~/models/import.server';
import { IMPORT_MESSAGES } from '~/schemas/import';
import { requireApiUser } from '~/utils/auth.server';
import { apiHandler, HttpError } from '~/utils/http.server';
import { readImportForm, uploadedFile } from '~/utils/upload.server';
import { postOnlyLoader } from '~/utils/api-input.server';

/** Only POST does anything here; a GET gets 405 in JSON. */
export const loader = postOnlyLoader;

/** POST /api/import/{type}: a CSV, .xlsx or .xls file in the multipart field `file`; answers {count}. */
export function action({ request, params }: ActionFunctionArgs) {
  return apiHandler(async () => {
    await requireApiUser(request);
    const type = requireImportType(params.type);
    const file = uploadedFile(await readImportForm(request));
    if (!file) throw new HttpError(400, IMPORT_MESSAGES.noFile);
    return json(await importFile(type, file));
  });
}
