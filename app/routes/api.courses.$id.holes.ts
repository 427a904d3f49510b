import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { requireCourse } from '~/models/courses.server';
import { listHoles, setCourseHoles } from '~/models/holes.server';
import { courseHolesSchema } from '~/schemas/holes';
import { requireApiUser } from '~/web/auth.server';
import { apiHandler, methodNotAllowed, parseBody, readJson } from '~/web/http.server';
import { idParam } from '~/web/id-param';

/** GET /api/courses/:id/holes: the course's holes by number ([] when it is scored by totals). */
export function loader({ request, params }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    await requireApiUser(request);
    const id = idParam(params.id);
    await requireCourse(id);
    return Response.json({ holes: await listHoles(id) });
  });
}

/** PUT /api/courses/:id/holes { holes: [{ number, par, strokeIndex }] }: the 'Holes' form's twin. */
export function action({ request, params }: ActionFunctionArgs) {
  return apiHandler(async () => {
    const user = await requireApiUser(request);
    const id = idParam(params.id);
    if (request.method !== 'PUT') return methodNotAllowed(['GET', 'PUT']);
    const input = parseBody(courseHolesSchema, await readJson(request), 'Invalid holes');
    return Response.json({ holes: await setCourseHoles(id, input.holes, user) });
  });
}
