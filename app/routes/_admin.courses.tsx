import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { RowActions } from '~/ui/row-actions';
import { ConfirmDeleteDialog } from '~/ui/confirm-delete-dialog';
import { CourseForm } from '~/ui/course-form';
import { CourseHolesForm } from '~/ui/course-holes-form';
import { DataTable, Td } from '~/ui/data-table';
import { DownloadCsvLink } from '~/ui/download-csv-link';
import { EmptyState, PageHeader } from '~/ui/page-header';
import { RouteError } from '~/ui/route-error';
import { buttonClass } from '~/ui/primitives/button';
import { UrlDialog } from '~/ui/primitives/dialog';
import { Spinner } from '~/ui/primitives/spinner';
import { createCourse, deleteCourse, listCourses, updateCourse } from '~/models/courses.server';
import { courseSchema } from '~/schemas/course';
import { courseHolesSchema } from '~/schemas/holes';
import { holesByCourse, setCourseHoles } from '~/models/holes.server';
import { requireUser } from '~/web/auth.server';
import { adminAction, crudIntents, intent } from '~/web/admin-page.server';
import { requireId } from '~/web/id-param';
import { revalidateUnlessDialog, withParam } from '~/ui/list-url';
import { titled } from '~/ui/meta';
import { useListPage } from '~/ui/use-list-page';

export const meta: MetaFunction = ({ matches }) => titled(matches, 'Courses');

const BASE = '/courses';

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  const courses = await listCourses();
  const holes = await holesByCourse(courses.map((c) => c.id));
  return { courses: courses.map((c) => ({ ...c, holes: holes.get(c.id) ?? [] })) };
}

export const shouldRevalidate = revalidateUnlessDialog(['holes', 'count']);

export async function action({ request }: ActionFunctionArgs) {
  return adminAction(request, {
    back: BASE,
    intents: {
      ...crudIntents({
        noun: 'course',
        schema: courseSchema,
        create: async (value, actor) => void (await createCourse(value, actor)),
        update: async (id, value, actor) => void (await updateCourse(id, value, actor)),
        remove: deleteCourse,
      }),
      // 'Holes' (docs/product/scorecards.md): the course's 9 or 18 holes; its par becomes their sum.
      holes: intent({
        schema: courseHolesSchema,
        run: async ({ value, actor, form, done }) => {
          const id = requireId(form.get('id'), 'Course is required for holes');
          await setCourseHoles(id, value.holes, actor);
          return done(`Holes saved: ${value.holes.length} holes`);
        },
      }),
    },
  });
}

export default function CoursesPage() {
  const { courses } = useLoaderData<typeof loader>();
  const { dialog, editing, deleting, loading, resultFor, rowFor, params } = useListPage({
    rows: courses,
    actionData: useActionData<typeof action>(),
  });
  const holesOf = rowFor('holes');
  const holeCount = params.get('count') === '18' ? 18 : params.get('count') === '9' ? 9 : holesOf?.holes.length || 9;

  return (
    <div className="space-y-4">
      <PageHeader title="Courses">
        {loading ? <Spinner /> : null}
        <DownloadCsvLink type="courses" />
        <Link to={withParam(BASE, 'action', 'new')} preventScrollReset className={buttonClass()}>
          Add Course
        </Link>
      </PageHeader>

      {courses.length === 0 ? (
        <EmptyState>No courses found. Add your first course to get started.</EmptyState>
      ) : (
        <DataTable headers={['Course Name', 'Par', 'Length', 'Actions']}>
          {courses.map((c) => (
            <tr key={c.id}>
              <Td className="font-medium">{c.courseName}</Td>
              <Td>{c.coursePar}</Td>
              <Td>{c.courseLength}</Td>
              <Td>
                <div className="flex gap-2">
                  <Link
                    to={withParam(BASE, 'holes', c.id)}
                    preventScrollReset
                    className={buttonClass('secondary', 'sm')}
                    aria-label={`Holes of ${c.courseName}`}
                  >
                    Holes
                  </Link>
                  <RowActions base={BASE} id={c.id} label={c.courseName} />
                </div>
              </Td>
            </tr>
          ))}
        </DataTable>
      )}

      {dialog === 'new' ? (
        <UrlDialog title="Add New Course" description="Add a course the league plays" closeTo={BASE}>
          <CourseForm lastResult={resultFor('create')} closeTo={BASE} />
        </UrlDialog>
      ) : null}
      {editing !== undefined ? (
        <UrlDialog title="Edit Course" description="Update course information" closeTo={BASE}>
          {editing ? (
            <CourseForm key={editing.id} course={editing} lastResult={resultFor('update')} closeTo={BASE} />
          ) : (
            <p>Course not found.</p>
          )}
        </UrlDialog>
      ) : null}
      {holesOf !== undefined ? (
        <UrlDialog
          title={holesOf ? `Holes of ${holesOf.courseName}` : 'Holes'}
          description="Par and stroke index of each hole; the course par becomes their sum. Without holes a course is scored by totals."
          closeTo={BASE}
        >
          {holesOf ? (
            <CourseHolesForm
              key={`${holesOf.id}-${holeCount}`}
              courseId={holesOf.id}
              holes={holesOf.holes}
              count={holeCount}
              lastResult={resultFor('holes')}
              closeTo={BASE}
            />
          ) : (
            <p>Course not found.</p>
          )}
        </UrlDialog>
      ) : null}
      <ConfirmDeleteDialog record={deleting} noun="course" closeTo={BASE} />
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteError what="courses" />;
}
