import type { ActionFunctionArgs } from '@remix-run/node';
import { importJsonText } from '~/features/import/import.server';
import { MAX_IMPORT_BYTES } from '~/schemas/import/limits';
import { postOnlyLoader, readBodyText } from '~/web/http.server';
import { importApi } from '~/web/import-api.server';

export const loader = postOnlyLoader;

/**
 * POST /api/import/{type}/json: a JSON array of objects with the type's fields; answers {count}. The body is read
 * as text rather than with readJson: a blank or malformed body gets the messages of the page's JSON tab
 * (docs/product/import-export.md#json-import).
 */
export function action({ request, params }: ActionFunctionArgs) {
  return importApi(request, params.type, async (type, user) =>
    Response.json(await importJsonText(type, await readBodyText(request, MAX_IMPORT_BYTES), user)),
  );
}
