import type { LoaderFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { requireApiUser } from '~/utils/auth.server';
import { apiHandler, getOnlyAction } from '~/utils/http.server';

export const action = getOnlyAction;

export function loader({ request }: LoaderFunctionArgs) {
  return apiHandler(async () => json(await requireApiUser(request)));
}
