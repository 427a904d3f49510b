import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { createCourse, listCourses } from '~/models/courses.server';
import { courseSchema } from '~/schemas/course';
import { requireApiUser } from '~/web/auth.server';
import { apiHandler, methodNotAllowed, parseBody, readJson } from '~/web/http.server';

/** GET /api/courses: id, courseName, coursePar, courseLength. */
export function loader({ request }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    await requireApiUser(request);
    return Response.json(await listCourses());
  });
}

/** POST /api/courses: creates a course (201) or answers 400 with field errors. */
export function action({ request }: ActionFunctionArgs) {
  return apiHandler(async () => {
    const user = await requireApiUser(request);
    if (request.method !== 'POST') return methodNotAllowed(['GET', 'POST']);
    const input = parseBody(courseSchema, await readJson(request), 'Invalid course');
    return Response.json(await createCourse(input, user), { status: 201 });
  });
}
