import type { ActionFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { InvalidError } from '~/domain/errors';
import { checkMayImport, importFile, requireImportType } from '~/features/import/import.server';
import { readImportForm, uploadedFile } from '~/web/import-upload.server';
import { IMPORT_MESSAGES } from '~/schemas/import/limits';
import { requireApiUser } from '~/web/auth.server';
import { apiHandler, methodNotAllowed, postOnlyLoader } from '~/web/http.server';

export const loader = postOnlyLoader;

/** POST /api/import/{type}: a CSV, .xlsx or .xls file in the multipart field `file`; answers {count}. */
export function action({ request, params }: ActionFunctionArgs) {
  return apiHandler(async () => {
    const user = await requireApiUser(request);
    if (request.method !== 'POST') return methodNotAllowed(['POST']);
    const type = requireImportType(params.type);
    checkMayImport(type, user);
    const file = uploadedFile(await readImportForm(request));
    if (!file) throw new InvalidError(IMPORT_MESSAGES.noFile);
    return json(await importFile(type, file, user));
  });
}
