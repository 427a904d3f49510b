import type { LoaderFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { requireApiUser } from '~/utils/auth.server';
import { apiHandler } from '~/utils/http.server';

export function loader({ request }: LoaderFunctionArgs) {
  return apiHandler(async () => json(await requireApiUser(request)));
}
