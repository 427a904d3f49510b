import { checkMayImport, requireImportType } from '~/features/import/import.server';
import type { ImportType } from '~/schemas/import/fields';
import type { PublicUser } from '~/web/auth.server';
import { requireApiUser } from '~/web/auth.server';
import { apiHandler, methodNotAllowed } from '~/web/http.server';

/**
 * The edge of the two import APIs (a file, or JSON text): a signed-in user's POST (401, 405), a type the path names
 * (404) that this user may import (403, docs/product/import-export.md); then `run` reads the body and imports, as that
 * user (the audit log's actor).
 */
export function importApi(
  request: Request,
  typeParam: string | undefined,
  run: (type: ImportType, user: PublicUser) => Promise<Response>,
): Promise<Response> {
  return apiHandler(async () => {
    const user = await requireApiUser(request);
    if (request.method !== 'POST') return methodNotAllowed(['POST']);
    const type = requireImportType(typeParam);
    checkMayImport(type, user);
    return run(type, user);
  });
}
