import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { deleteMembership, membershipJson, requireMembership, updateMembership } from '~/models/memberships.server';
import { membershipSchema } from '~/schemas/membership';
import { requireApiUser } from '~/web/auth.server';
import { apiHandler, methodNotAllowed, noContent, parseBody, readJson } from '~/web/http.server';
import { idParam } from '~/web/id-param';

/** GET /api/memberships/:id */
export function loader({ request, params }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    await requireApiUser(request);
    return Response.json(membershipJson(await requireMembership(idParam(params.id))));
  });
}

/** PUT /api/memberships/:id (same body as POST) and DELETE /api/memberships/:id. */
export function action({ request, params }: ActionFunctionArgs) {
  return apiHandler(async () => {
    const user = await requireApiUser(request);
    const id = idParam(params.id);
    if (request.method === 'PUT') {
      const input = parseBody(membershipSchema, await readJson(request), 'Invalid membership');
      return Response.json(membershipJson(await updateMembership(id, input, user)));
    }
    if (request.method === 'DELETE') {
      await deleteMembership(id, user);
      return noContent();
    }
    return methodNotAllowed(['GET', 'PUT', 'DELETE']);
  });
}
