import type { LoaderFunctionArgs } from '@remix-run/node';
import { requireApiUser } from '~/web/auth.server';
import { apiHandler, getOnlyAction } from '~/web/http.server';

export const action = getOnlyAction;

export function loader({ request }: LoaderFunctionArgs) {
  return apiHandler(async () => Response.json(await requireApiUser(request)));
}
