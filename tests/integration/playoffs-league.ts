// A season in the middle of its playoff race, written through the models (docs/product/playoffs.md), for the SQLite
// and the PostgreSQL tests alike: the models are imported when called, after a PostgreSQL file has set DATABASE_URL.

/** Monday the 5th of May and every Monday after it: 9 regular weeks, 4 qualifiers, the playoff, the Grand Championship. */
function mondays(year: number): string[] {
  const first = new Date(Date.UTC(year, 4, 1));
  first.setUTCDate(1 + ((8 - first.getUTCDay()) % 7));
  return Array.from({ length: 15 }, (_, i) =>
    new Date(first.getTime() + i * 7 * 24 * 3600 * 1000).toISOString().slice(0, 10),
  );
}

export type PlayoffsLeague = Awaited<ReturnType<typeof playoffsLeague>>;

/**
 * Season `year`, played up to its third playoff qualifier (the fourth is left). Points are typed, so the race is set
 * by hand:
 *
 * Flight 1: Dan 130 points but only 2 qualifier weeks ('Needs 1 more qualifier week'); Amy 120, qualified (seed 1);
 * Cat and Bea 75 each, qualified, Cat with more points on the qualifier nights (seeds 2 and 3); Eli 30 with 6 rounds
 * ('Cannot qualify this season': 2 more rounds, and only one night left); Gus 28 with 7 rounds and 2 qualifier weeks,
 * who qualifies only by playing the one night left. Three qualified golfers: a smaller field.
 *
 * Flight 2: Hal and Ian level on every point, with the same scores (so the same handicap): Ian registered first.
 * Flight 3: Jo and Kim level on every point: Kim's scores are lower, so her handicap is.
 */
export async function playoffsLeague(year: number, setup: { emails?: boolean } = {}) {
  const { createSeason } = await import('~/models/seasons.server');
  const { createScheduleEntry } = await import('~/models/schedule-entries.server');
  const { createGolfer } = await import('~/models/golfers.server');
  const { createFlightAssignment } = await import('~/models/flights.server');
  const { createMembership } = await import('~/models/memberships.server');
  const { createRounds } = await import('~/models/rounds.server');

  const dates = mondays(year);
  const regular = dates.slice(0, 9);
  const qualifiers = dates.slice(9, 13);
  await createSeason({ year, feeCents: 15_000, registrationOpens: null, registrationCloses: null }, null);
  for (const [i, date] of dates.entries()) {
    const kind =
      i < 9 ? 'regular-round' : i < 13 ? 'playoff-qualifier' : i === 13 ? 'flight-playoff' : 'grand-championship';
    await createScheduleEntry(year, { date, weekNumber: i + 1, event: `Week ${i + 1}`, kind }, null);
  }

  const golfers: Record<string, { id: number; fullName: string }> = {};
  const add = async (
    first: string,
    flightNo: '1' | '2' | '3',
    nights: readonly string[],
    points: (date: string) => number,
    options: { gross?: number; registered?: string } = {},
  ) => {
    const golfer = await createGolfer(
      {
        firstName: first,
        lastName: `Race${year}`,
        // With `emails`, each golfer has an address, for the 'You're in the playoffs' email.
        ...(setup.emails ? { email: `${first.toLowerCase()}.race${year}@example.org` } : {}),
      },
      null,
    );
    golfers[first] = golfer;
    await createFlightAssignment({ golferId: golfer.id, season: year, flightNo }, null);
    if (options.registered)
      await createMembership(
        {
          golferId: golfer.id,
          season: year,
          registered: true,
          paid: true,
          registrationDatetime: new Date(options.registered),
        },
        null,
      );
    // One batch a golfer: the golfer's handicaps are computed once, as an import does.
    await createRounds(
      nights.map((date) => ({
        golferId: golfer.id,
        date,
        season: year,
        grossScore: options.gross ?? 45,
        points: points(date),
      })),
      null,
    );
  };
  const q = (n: number) => qualifiers.slice(0, n);
  const isQualifier = (date: string) => qualifiers.includes(date);

  await add('Amy', '1', [...regular, ...q(3)], () => 10);
  await add('Bea', '1', [...regular.slice(0, 6), ...q(3)], (d) => (isQualifier(d) ? 5 : 10));
  await add('Cat', '1', [...regular.slice(0, 5), ...q(3)], (d) => (isQualifier(d) ? 10 : 9));
  await add('Dan', '1', [...regular.slice(0, 8), ...q(2)], () => 13);
  await add('Eli', '1', [...regular.slice(0, 4), ...q(2)], () => 5);
  await add('Gus', '1', [...regular.slice(0, 5), ...q(2)], () => 4);

  const eight = [...regular.slice(0, 5), ...q(3)];
  await add('Hal', '2', eight, () => 12, { registered: `${year}-04-02T15:00:00Z` });
  await add('Ian', '2', eight, () => 12, { registered: `${year}-03-20T18:30:00Z` });
  await add('Jo', '3', eight, () => 12, { gross: 48 });
  await add('Kim', '3', eight, () => 12, { gross: 41 });

  return { year, dates, regular, qualifiers, golfers };
}
