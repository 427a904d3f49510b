import type { LoaderFunctionArgs } from '@remix-run/node';

import { exportCsv } from '~/features/import/export.server';
import { requireImportType } from '~/features/import/import.server';
import { requireUser } from '~/web/auth.server';
import { apiHandler, getOnlyAction, seasonParam } from '~/web/http.server';

/** Exports are downloads: anything but GET gets 405 in JSON. */
export const action = getOnlyAction;

/**
 * GET /export/{type}[?season=2025]: a CSV download (signed-in only; anonymous visitors go to the login page, as
 * for any admin page). The columns are the importer's, so the file can be edited and imported again.
 */
export function loader({ request, params }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    await requireUser(request);
    const type = requireImportType(params.type);
    const season = seasonParam(request);
    const { filename, csv } = await exportCsv(type, season);
    // The byte-order mark makes Excel read the file as UTF-8 (accented names); the importer skips it.
    return new Response(`\uFEFF${csv}`, {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="${filename}"`,
        'Cache-Control': 'private, no-store',
      },
    });
  });
}
