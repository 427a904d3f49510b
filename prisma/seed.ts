import { computeGolferRounds, ninePar } from '../app/domain/handicap';
import { currentSeason } from '../app/domain/season';
import { generateSlotTimes } from '../app/domain/tee-times';
import type { Db } from '../app/utils/db.server';

const NAMES: Array<[string, string, string | null]> = [
  ['Avery', 'Lindqvist', null], ['Jordan', 'Okafor', 'Jo'], ['Casey', 'Brennan', null], ['Morgan', 'Healy', null],
  ['Riley', 'Kowalski', 'Ski'], ['Taylor', 'Nguyen', null], ['Drew', 'Patel', null], ['Jamie', 'Fournier', null],
  ['Quinn', 'Hartman', null], ['Reese', 'Mitchell', 'Doc'], ['Parker', 'Sandoval', null], ['Emerson', 'Byrne', null],
  ['Rowan', 'Castellano', null], ['Sasha', 'Whitfield', null], ['Blake', 'Johansson', null], ['Hayden', 'Moreau', 'Scrub'],
];

/**
 * A small demo league for a first look: one par-36 course, 16 golfers in 4 flights with paid memberships for
 * the current season, three weeks of rounds with computed handicaps, and the standing tee times.
 */
export async function seedDemoLeague(db: Db): Promise<string> {
  const season = currentSeason();
  const settings = (await db.setting.findUnique({ where: { id: 1 } })) ?? (await db.setting.create({ data: { id: 1 } }));
  const dates = [`${season}-05-18`, `${season}-05-25`, `${season}-06-01`];

  return db.$transaction(async (tx) => {
    const course = await tx.course.create({ data: { courseName: 'Boyne Highlands Front Nine', coursePar: 36, courseLength: '3,150 yards' } });
    const golfers = [];
    for (const [i, [firstName, lastName, nickname]] of NAMES.entries()) {
      const golfer = await tx.golfer.create({
        data: {
          firstName,
          lastName,
          nickname,
          fullName: `${firstName} ${lastName}`,
          email: `${firstName}.${lastName}@example.org`.toLowerCase(),
          phone: `231-555-${String(1000 + i * 37).padStart(4, '0')}`,
        },
      });
      golfers.push(golfer);
      const estimatedScore = 38 + Math.floor(i / 4) * 4 + (i % 4);
      await tx.membership.create({
        data: { golferId: golfer.id, season, registered: true, paid: i % 7 !== 3, registrationDatetime: new Date(Date.UTC(season, 3, 1 + i, 14)), estimatedScore },
      });
      await tx.flightAssignment.create({ data: { golferId: golfer.id, season, flightNo: String(Math.floor(i / 4) + 1) } });

      const rounds = [];
      for (const [d, date] of dates.entries()) {
        const grossScore = estimatedScore + ((i * 3 + d * 5) % 7) - 3;
        rounds.push(await tx.round.create({ data: { golferId: golfer.id, courseId: course.id, date, season, grossScore } }));
      }
      const computed = computeGolferRounds({
        estimatedScore,
        rounds: rounds.map((r) => ({ id: r.id, date: r.date, createdOrder: r.id, grossScore: r.grossScore, par: ninePar(course.coursePar, settings.defaultPar), counts: true })),
      });
      for (const c of computed) {
        await tx.round.update({ where: { id: c.id }, data: { hcpIndexBefore: c.hcpIndexBefore, netScore: c.netScore, hcpIndexAfter: c.hcpIndexAfter } });
      }
    }

    const times = generateSlotTimes({ first: settings.teeFirst, last: settings.teeLast, intervalMinutes: settings.teeIntervalMinutes });
    for (const [t, time] of times.entries()) {
      const group = golfers.slice(t * 2, t * 2 + 2);
      await tx.teeTime.create({ data: { time, season, golfer1Id: group[0]?.id ?? null, golfer2Id: group[1]?.id ?? null } });
    }
    return `${golfers.length} golfers in 4 flights, 1 course, ${golfers.length * dates.length} rounds, ${times.length} standing tee times for ${season}`;
  }, { timeout: 60_000 });
}
