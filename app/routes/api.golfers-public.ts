import type { LoaderFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { listGolferOptions } from '~/models/golfers.server';
import { apiHandler, getOnlyAction } from '~/utils/http.server';

export const action = getOnlyAction;

/**
 * GET /api/golfers-public, for the public registration page: ids and names only. Golfers are hospital staff, so
 * anonymous visitors never receive anyone's email or phone (docs/product/privacy-and-access.md#contact-details).
 */
export function loader(_args: LoaderFunctionArgs) {
  return apiHandler(async () => json(await listGolferOptions()));
}
