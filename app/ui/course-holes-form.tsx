import type { SubmissionResult } from '@conform-to/react';
import { ColumnHeaders } from '~/ui/data-table';
import { Form, Link } from '@remix-run/react';
import { FormAlert } from '~/ui/form-alert';
import { Button, buttonClass } from '~/ui/primitives/button';
import { withParam } from '~/ui/list-url';
import { useIsPending } from '~/ui/use-is-pending';
import { useDialogFormAction } from '~/ui/use-list-page';
import { HOLE_PAR_MAX, HOLE_PAR_MIN, type HoleSpec } from '~/domain/scorecard';

/** Default stroke indexes of a new course: odd on the front nine, even on the back, as most cards have them. */
function defaultHoles(count: number): HoleSpec[] {
  return Array.from({ length: count }, (_, i) => ({
    number: i + 1,
    par: 4,
    strokeIndex: count === 9 ? i + 1 : i < 9 ? 2 * i + 1 : 2 * (i - 9) + 2,
  }));
}

/**
 * 'Holes' of a course (docs/product/scorecards.md): par and stroke index of each of its 9 or 18 holes, one plain post (no JavaScript
 * needed); the link switches between 9 and 18 rows. The course par becomes the holes' sum.
 */
export function CourseHolesForm({
  courseId,
  holes,
  count,
  lastResult,
  closeTo,
}: {
  courseId: number;
  holes: HoleSpec[];
  count: number;
  lastResult?: SubmissionResult<string[]> | null;
  closeTo: string;
}) {
  const saving = useIsPending({ intent: 'holes' });
  const action = useDialogFormAction();
  const rows = holes.length === count ? holes : defaultHoles(count);
  const messages = lastResult?.error ? [...new Set(Object.values(lastResult.error).flatMap((m) => m ?? []))] : null;
  const other = count === 9 ? 18 : 9;
  return (
    <Form method="post" action={action} preventScrollReset className="space-y-4">
      <input type="hidden" name="intent" value="holes" />
      <input type="hidden" name="id" value={courseId} />
      <FormAlert title="Failed to save holes" messages={messages} />
      <p className="text-sm">
        {count} holes.{' '}
        <Link
          to={withParam(withParam(closeTo, 'holes', courseId), 'count', other)}
          preventScrollReset
          className="underline"
        >
          Use {other} holes
        </Link>
      </p>
      <table className="w-full text-sm">
        <thead>
          <tr>
            <ColumnHeaders labels={['Hole', 'Par', 'Stroke index']} className="text-left" />
          </tr>
        </thead>
        <tbody>
          {rows.map((hole, i) => (
            <tr key={hole.number}>
              <th scope="row" className="text-left font-normal">
                {hole.number}
                <input type="hidden" name={`holes[${i}].number`} value={hole.number} />
              </th>
              <td>
                <input
                  aria-label={`Hole ${hole.number} par`}
                  name={`holes[${i}].par`}
                  type="number"
                  inputMode="numeric"
                  min={HOLE_PAR_MIN}
                  max={HOLE_PAR_MAX}
                  required
                  defaultValue={hole.par}
                  className="w-16 rounded border px-2 py-1"
                />
              </td>
              <td>
                <input
                  aria-label={`Hole ${hole.number} stroke index`}
                  name={`holes[${i}].strokeIndex`}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={count}
                  required
                  defaultValue={hole.strokeIndex}
                  className="w-16 rounded border px-2 py-1"
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="flex justify-end gap-2 pt-2">
        <Link to={closeTo} preventScrollReset className={buttonClass('secondary')}>
          Cancel
        </Link>
        <Button type="submit" disabled={saving}>
          {saving ? 'Saving...' : 'Save Holes'}
        </Button>
      </div>
    </Form>
  );
}
