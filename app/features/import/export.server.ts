import { holesByCourse } from '~/models/holes.server';
import { holesToText } from '~/domain/scorecard';
import { toCsv, type CsvValue } from '~/domain/csv';
import type { ImportType } from '~/schemas/import/fields';
import { formatLeagueDateTime } from '~/domain/season';
import { db, type Tx } from '~/db/db.server';

type Export = { filename: string; csv: string };

/**
 * A CSV download per type, in the columns the importer reads (docs/decisions/042-csv-exports.md), so an export can
 * be edited and imported again. Golfers and courses start with their `id` (what golferId and courseId refer to);
 * a season's schedule lists its dates in order; rounds, memberships and flights end with read-only columns (names,
 * computed handicaps) that the importer ignores. A fixed number of queries per export whatever its size, reading
 * only the columns written (decision 066): a season's 10,000 rounds or a league's 10,000 golfers take well under
 * half a second.
 */
export async function exportCsv(type: ImportType, season: number, client: Tx = db): Promise<Export> {
  switch (type) {
    case 'golfers': {
      const rows = await client.golfer.findMany({
        select: { id: true, firstName: true, lastName: true, nickname: true, email: true, phone: true },
        orderBy: [{ lastName: 'asc' }, { firstName: 'asc' }, { id: 'asc' }],
      });
      return {
        filename: 'golfers.csv',
        csv: toCsv(
          ['id', 'firstName', 'lastName', 'nickname', 'email', 'phone'],
          rows.map((g) => [g.id, g.firstName, g.lastName, g.nickname, g.email, g.phone]),
        ),
      };
    }
    case 'courses': {
      const rows = await client.course.findMany({ orderBy: [{ courseName: 'asc' }, { id: 'asc' }] });
      const holes = await holesByCourse(
        rows.map((c) => c.id),
        client,
      );
      return {
        filename: 'courses.csv',
        csv: toCsv(
          ['id', 'courseName', 'coursePar', 'courseLength', 'holes'],
          rows.map((c) => [c.id, c.courseName, c.coursePar, c.courseLength, holesToText(holes.get(c.id) ?? [])]),
        ),
      };
    }
    case 'rounds': {
      const rows = await client.round.findMany({
        where: { season },
        select: {
          golferId: true,
          date: true,
          grossScore: true,
          courseId: true,
          points: true,
          notes: true,
          hcpIndexBefore: true,
          netScore: true,
          hcpIndexAfter: true,
          golfer: { select: { fullName: true } },
          course: { select: { courseName: true } },
        },
        orderBy: [{ date: 'asc' }, { id: 'asc' }],
      });
      return {
        filename: `rounds-${season}.csv`,
        csv: toCsv(
          [
            'golferId',
            'date',
            'grossScore',
            'courseId',
            'points',
            'notes',
            'golferName',
            'courseName',
            'hcpIndexBefore',
            'netScore',
            'hcpIndexAfter',
          ],
          rows.map((r): CsvValue[] => [
            r.golferId,
            r.date,
            r.grossScore,
            r.courseId,
            r.points,
            r.notes,
            r.golfer.fullName,
            r.course?.courseName,
            r.hcpIndexBefore,
            r.netScore,
            r.hcpIndexAfter,
          ]),
        ),
      };
    }
    case 'memberships': {
      const rows = await client.membership.findMany({
        where: { season },
        select: {
          golferId: true,
          season: true,
          registered: true,
          paid: true,
          registrationDatetime: true,
          estimatedScore: true,
          golfer: { select: { fullName: true } },
        },
        orderBy: [{ golfer: { lastName: 'asc' } }, { golfer: { firstName: 'asc' } }, { id: 'asc' }],
      });
      return {
        filename: `memberships-${season}.csv`,
        csv: toCsv(
          ['golferId', 'season', 'registered', 'paid', 'registrationDatetime', 'estimatedScore', 'golferName'],
          rows.map((m): CsvValue[] => [
            m.golferId,
            m.season,
            m.registered,
            m.paid,
            // Detroit wall-clock time, which is how the importer reads a date-time without a zone.
            m.registrationDatetime ? formatLeagueDateTime(m.registrationDatetime, 'yyyy-MM-dd HH:mm:ss') : null,
            m.estimatedScore,
            m.golfer.fullName,
          ]),
        ),
      };
    }
    case 'schedule': {
      const rows = await client.scheduleEntry.findMany({ where: { season }, orderBy: { date: 'asc' } });
      return {
        filename: `schedule-${season}.csv`,
        csv: toCsv(
          ['date', 'weekNumber', 'event', 'kind', 'rainOut'],
          rows.map((e) => [e.date, e.weekNumber, e.event, e.kind, e.rainOut]),
        ),
      };
    }
    case 'flights': {
      const rows = await client.flightAssignment.findMany({
        where: { season },
        select: { golferId: true, season: true, flightNo: true, golfer: { select: { fullName: true } } },
        orderBy: [
          { flightNo: 'asc' },
          { golfer: { lastName: 'asc' } },
          { golfer: { firstName: 'asc' } },
          { id: 'asc' },
        ],
      });
      return {
        filename: `flights-${season}.csv`,
        csv: toCsv(
          ['golferId', 'season', 'flightNo', 'golferName'],
          rows.map((f) => [f.golferId, f.season, f.flightNo, f.golfer.fullName]),
        ),
      };
    }
  }
}
