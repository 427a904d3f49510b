import type { LoaderFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { listGolferOptions } from '~/models/golfers.server';
import { apiHandler } from '~/utils/http.server';

/**
 * GET /api/golfers-public, for the public registration page: ids and names only. Golfers are hospital staff, so
 * anonymous visitors never receive anyone's email or phone (DECISIONS.md "Privacy").
 */
export function loader(_args: LoaderFunctionArgs) {
  return apiHandler(async () => json(await listGolferOptions()));
}
