import { Prisma } from '@league/prisma-sqlite';
import { beforeAll, describe, expect, it } from 'vitest';
import { db, observeQueries } from '~/db/db.server';
import { isPublicModel } from '~/db/public-models.server';
import { liveLeaderboard } from '~/models/live-results.server';
import { createRound } from '~/models/rounds.server';
import * as root from '~/root';
import * as publicLayout from '~/routes/_public';
import * as join from '~/routes/_public.join';
import * as teeTimes from '~/routes/_public.public.tee-times';
import * as register from '~/routes/_public.register';
import * as rules from '~/routes/_public.rules';
import * as schedule from '~/routes/_public.schedule';
import * as standings from '~/routes/_public.stats._index';
import * as golferStats from '~/routes/_public.stats.golfers.$id';
import * as playoffs from '~/routes/_public.stats.playoffs';
import * as results from '~/routes/_public.stats.results.$date';
import * as terms from '~/routes/_public.terms';
import * as golferApi from '~/routes/api.public.golfers.$id';
import * as playoffsApi from '~/routes/api.public.playoffs';
import * as resultsApi from '~/routes/api.public.results.$date';
import * as scheduleApi from '~/routes/api.public.schedule';
import * as standingsApi from '~/routes/api.public.standings';
import * as teeTimesApi from '~/routes/api.public.tee-times';
import { seedDemoLeague } from '../../prisma/seed';
import { call, request } from './helpers';
import { playCard } from './live-results-cases';

/*
 * What a write invalidates is decided in one place (app/db/public-models.server.ts,
 * docs/decisions/190-one-source-one-commit-listener.md): the page cache and the live results empty and read again on
 * a write to a model said there to be public. So every model a public page (everything the page cache keeps) or the
 * live leaderboard reads must be public there, or a write to it would leave a visitor with a stale page or board.
 * Each loader runs anonymously, as the cache's visitors are, on the demo league with a night in play and a sub, and
 * every model it reads is recorded (`observeQueries`), a relation read through `select`, `include`, `where` or
 * `orderBy` included.
 */

type Model = (typeof Prisma.dmmf.datamodel.models)[number];
const MODELS = new Map<string, Model>(Prisma.dmmf.datamodel.models.map((m) => [m.name, m]));
const BY_TABLE = new Map(Prisma.dmmf.datamodel.models.map((m) => [m.dbName ?? m.name, m.name]));
const READS_OF_RELATION = ['some', 'every', 'none', 'is', 'isNot'];
type Args = Record<string, unknown>;
const isArgs = (value: unknown): value is Args => typeof value === 'object' && value !== null;

function relationOf(model: string, field: string): string | null {
  const found = MODELS.get(model)?.fields.find((f) => f.name === field && f.kind === 'object');
  return found ? found.type : null;
}

/** Every model a query of `model` with `args` reads: its own and those of the relations it names. */
function modelsRead(model: string, args: unknown, into: Set<string>): void {
  into.add(model);
  if (!isArgs(args)) return;
  for (const key of ['select', 'include'] as const) {
    const selection = args[key];
    if (!isArgs(selection)) continue;
    for (const [field, value] of Object.entries(selection)) {
      if (!value) continue;
      if (field === '_count') {
        const counted = isArgs(value) && isArgs(value.select) ? Object.keys(value.select) : null;
        for (const f of MODELS.get(model)!.fields)
          if (f.kind === 'object' && (counted === null || counted.includes(f.name))) {
            into.add(f.type);
            const one = counted && isArgs(value) && isArgs(value.select) ? value.select[f.name] : null;
            if (isArgs(one)) whereReads(f.type, one.where, into);
          }
        continue;
      }
      const target = relationOf(model, field);
      if (target) modelsRead(target, value, into);
    }
  }
  whereReads(model, args.where, into);
  orderByReads(model, args.orderBy, into);
}

function whereReads(model: string, where: unknown, into: Set<string>): void {
  if (Array.isArray(where)) return where.forEach((w) => whereReads(model, w, into));
  if (!isArgs(where)) return;
  for (const [key, value] of Object.entries(where)) {
    if (key === 'AND' || key === 'OR' || key === 'NOT') {
      whereReads(model, value, into);
      continue;
    }
    const target = relationOf(model, key);
    if (!target || !isArgs(value)) continue;
    into.add(target);
    whereReads(target, value, into);
    for (const filter of READS_OF_RELATION) whereReads(target, value[filter], into);
  }
}

function orderByReads(model: string, orderBy: unknown, into: Set<string>): void {
  if (Array.isArray(orderBy)) return orderBy.forEach((o) => orderByReads(model, o, into));
  if (!isArgs(orderBy)) return;
  for (const [key, value] of Object.entries(orderBy)) {
    const target = relationOf(model, key);
    if (!target) continue;
    into.add(target);
    orderByReads(target, value, into);
  }
}

const WRITES = /^(create|update|upsert|delete)/;

/** The models `load` reads, as the database client sees its queries. */
async function readBy(load: () => Promise<unknown>): Promise<Set<string>> {
  const read = new Set<string>();
  await observeQueries((model, operation, args) => {
    if (WRITES.test(operation)) return;
    if (model.startsWith('table:')) read.add(BY_TABLE.get(model.slice('table:'.length)) ?? model);
    else modelsRead(model, args, read);
  }, load);
  return read;
}

type Loader = Parameters<typeof call>[0];
let pages: [string, Loader, Record<string, string>][] = [];
let night = '';

beforeAll(async () => {
  await seedDemoLeague(db);
  const season = (await db.round.findFirstOrThrow({ select: { season: true }, orderBy: { date: 'desc' } })).season;
  const played = new Set((await db.round.findMany({ where: { season }, select: { date: true } })).map((r) => r.date));
  const entries = await db.scheduleEntry.findMany({
    where: { season, kind: 'regular-round' },
    orderBy: { date: 'asc' },
  });
  // A night of the season nobody has played yet: one golfer on the course (a card not attested), one round in, and a
  // sub's round in an absent golfer's spot.
  night = entries.find((e) => !played.has(e.date))!.date;
  const golfers = await db.flightAssignment.findMany({ where: { season }, select: { golferId: true }, take: 4 });
  const [onCourse, done, absent, sub] = golfers.map((g) => ({ id: g.golferId }));
  await playCard(night, [onCourse], [[5, 4, 4, null, null, null, null, null, null]]);
  await createRound({ golferId: done.id, date: night, season, grossScore: 42 }, null);
  await db.nightOut.create({
    data: { golferId: absent.id, date: night, season, teeTime: '17:00', position: 1, subGolferId: sub.id },
  });
  await createRound({ golferId: sub.id, date: night, season, grossScore: 44 }, null);
  const seasons = (await db.season.findMany({ select: { year: true } })).map((s) => s.year);
  // The stats website shows the seasons with rounds.
  const withRounds = [...new Set((await db.round.findMany({ select: { season: true } })).map((r) => r.season))];
  const golfer = String(done.id);
  pages = [
    ['the document root', root.loader, {}],
    ['the public layout', publicLayout.loader, {}],
    ['/join', join.loader, {}],
    ['/rules', rules.loader, {}],
    ['/terms', terms.loader, {}],
    ['/schedule', schedule.loader, {}],
    ['/register', register.loader, {}],
    ['/register?type=returning&find=a', register.loader, {}],
    ['/public/tee-times', teeTimes.loader, {}],
    ...seasons.flatMap((year): [string, Loader, Record<string, string>][] => [
      [`/schedule?season=${year}`, schedule.loader, {}],
      [`/api/public/schedule?season=${year}`, scheduleApi.loader, {}],
    ]),
    ...withRounds.flatMap((year): [string, Loader, Record<string, string>][] => [
      [`/stats?season=${year}`, standings.loader, {}],
      [`/stats?season=${year}&flight=1`, standings.loader, {}],
      [`/stats/playoffs?season=${year}`, playoffs.loader, {}],
      [`/stats/golfers/${golfer}?season=${year}`, golferStats.loader, { id: golfer }],
      [`/api/public/standings?season=${year}`, standingsApi.loader, {}],
      [`/api/public/playoffs?season=${year}`, playoffsApi.loader, {}],
      [`/api/public/golfers/${golfer}?season=${year}`, golferApi.loader, { id: golfer }],
    ]),
    [`/stats/results/${night}`, results.loader, { date: night }],
    [`/api/public/results/${night}`, resultsApi.loader, { date: night }],
    ['/api/public/tee-times', teeTimesApi.loader, {}],
  ];
}, 120_000);

describe('what a write invalidates, decided in one place', () => {
  it('every model a public page reads is one whose writes empty the page cache', async () => {
    const unheard: string[] = [];
    for (const [path, loader, params] of pages) {
      const read = await readBy(async () => {
        const res = await call(loader, request(path), params);
        // A page that answered 404 or 400 would have read less than a visitor's: the check would prove little.
        expect(res.status, path).toBe(200);
      });
      expect(read.size, `${path} reads the database`).toBeGreaterThan(0);
      for (const model of read) if (!isPublicModel(model)) unheard.push(`${path} reads ${model}`);
    }
    expect(unheard, 'models read by public pages whose writes would not reach the page cache').toEqual([]);
  });

  it('every model the live leaderboard reads is one whose writes reach the live results', async () => {
    const read = await readBy(() => liveLeaderboard(night));
    // The night's rounds, the card in play and the sub's spot are all read.
    expect([...read]).toEqual(expect.arrayContaining(['Round', 'Scorecard', 'HoleScore', 'NightOut', 'Golfer']));
    expect([...read].filter((model) => !isPublicModel(model))).toEqual([]);
  });
});
