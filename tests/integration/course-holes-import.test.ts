import { describe, expect, it } from 'vitest';
import { importFile, importJsonText } from '~/features/import/import.server';
import { exportCsv } from '~/features/import/export.server';
import { listHoles } from '~/models/holes.server';
import { db } from '~/db/db.server';
import { failureOf } from '~/web/http.server';
import { unique } from './helpers';

// Course import and export carry the holes (docs/product/scorecards.md): one cell of 'par/stroke index' pairs, hole by hole.
const HOLES = '4/5 3/9 5/1 4/7 4/3 3/8 4/2 5/6 4/4';

function csvFile(text: string): File {
  return new File([text], 'courses.csv', { type: 'text/csv' });
}

describe('courses with holes in imports and exports', () => {
  it('imports a course with its holes, exports them in the same cell, and importing the export changes nothing', async () => {
    const name = unique('Holed Import');
    await importFile(
      'courses',
      csvFile(`courseName,coursePar,courseLength,holes\n${name},36,3 miles,${HOLES}\n`),
      null,
    );
    const course = await db.course.findFirstOrThrow({ where: { courseName: name } });
    const holes = await listHoles(course.id);
    expect(holes.map((h) => `${h.par}/${h.strokeIndex}`).join(' ')).toBe(HOLES);

    const { csv } = await exportCsv('courses', 2026);
    const line = csv.split(/\r?\n/).find((l) => l.includes(name))!;
    expect(line).toBe(`${course.id},${name},36,3 miles,${HOLES}`);
    const header = csv.split(/\r?\n/)[0];
    const before = await db.hole.findMany({ where: { courseId: course.id }, orderBy: { id: 'asc' } });
    await importFile('courses', csvFile(`${header}\n${line}\n`), null);
    expect(await db.hole.findMany({ where: { courseId: course.id }, orderBy: { id: 'asc' } })).toEqual(before);

    // A row without holes leaves them as they are.
    await importJsonText(
      'courses',
      JSON.stringify([{ courseName: name, coursePar: 36, courseLength: '3.1 miles' }]),
      null,
    );
    expect(await listHoles(course.id)).toHaveLength(9);
  });

  it('refuses holes that are not 9 or 18 pairs, a repeated stroke index, or a par that is not their sum; nothing is written', async () => {
    const name = unique('Bad Holes');
    for (const [holes, par, message] of [
      ['4/5 3/9 5/1', 36, 'A course has 9 or 18 holes'],
      ['4-5 3/9', 36, "Holes must be 9 or 18 'par/stroke index' pairs"],
      [HOLES.replace('3/9', '3/5'), 36, "Hole 2: stroke index 5 is already hole 1's"],
      [HOLES, 35, "coursePar must be the sum of the holes' pars"],
    ] as const) {
      const failure = await importFile(
        'courses',
        csvFile(`courseName,coursePar,courseLength,holes\n${name},${par},3 miles,${holes}\n`),
        null,
      ).then(() => null, failureOf);
      expect(failure?.status).toBe(400);
      expect(JSON.stringify(failure)).toContain(message);
    }
    expect(await db.course.count({ where: { courseName: name } })).toBe(0);
  });
});
