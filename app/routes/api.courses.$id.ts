import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { deleteCourse, requireCourse, updateCourse } from '~/models/courses.server';
import { courseSchema } from '~/schemas/course';
import { requireApiUser } from '~/web/auth.server';
import { apiHandler, methodNotAllowed, noContent, parseBody, readJson } from '~/web/http.server';
import { idParam } from '~/web/id-param';

/** GET /api/courses/:id */
export function loader({ request, params }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    await requireApiUser(request);
    return Response.json(await requireCourse(idParam(params.id)));
  });
}

/** PUT /api/courses/:id and DELETE /api/courses/:id (its rounds are kept without a course). */
export function action({ request, params }: ActionFunctionArgs) {
  return apiHandler(async () => {
    const user = await requireApiUser(request);
    const id = idParam(params.id);
    if (request.method === 'PUT') {
      const input = parseBody(courseSchema, await readJson(request), 'Invalid course');
      return Response.json(await updateCourse(id, input, user));
    }
    if (request.method === 'DELETE') {
      await deleteCourse(id, user);
      return noContent();
    }
    return methodNotAllowed(['GET', 'PUT', 'DELETE']);
  });
}
