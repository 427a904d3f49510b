import type { ActionFunctionArgs } from '@remix-run/node';
import { InvalidError } from '~/domain/errors';
import { importFile } from '~/features/import/import.server';
import { readImportForm, uploadedFile } from '~/web/import-upload.server';
import { IMPORT_MESSAGES } from '~/schemas/import/limits';
import { postOnlyLoader } from '~/web/http.server';
import { importApi } from '~/web/import-api.server';

export const loader = postOnlyLoader;

/** POST /api/import/{type}: a CSV, .xlsx or .xls file in the multipart field `file`; answers {count}. */
export function action({ request, params }: ActionFunctionArgs) {
  return importApi(request, params.type, async (type, user) => {
    const file = uploadedFile(await readImportForm(request));
    if (!file) throw new InvalidError(IMPORT_MESSAGES.noFile);
    return Response.json(await importFile(type, file, user));
  });
}
