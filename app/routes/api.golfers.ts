import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { createGolfer, golferJson, listGolfers } from '~/models/golfers.server';
import { golferSchema } from '~/schemas/golfer';
import { requireApiUser } from '~/web/auth.server';
import { apiHandler, methodNotAllowed, parseBody, readJson } from '~/web/http.server';

/** GET /api/golfers (optionally ?q= like the page's search): id, names, email and phone of every golfer. */
export function loader({ request }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    await requireApiUser(request);
    return Response.json(await listGolfers(new URL(request.url).searchParams.get('q')));
  });
}

/** POST /api/golfers: creates a golfer (201), 400 with field errors, 409 for an email another golfer uses. */
export function action({ request }: ActionFunctionArgs) {
  return apiHandler(async () => {
    const user = await requireApiUser(request);
    if (request.method !== 'POST') return methodNotAllowed(['GET', 'POST']);
    const input = parseBody(golferSchema, await readJson(request), 'Invalid golfer');
    return Response.json(golferJson(await createGolfer(input, user)), { status: 201 });
  });
}
