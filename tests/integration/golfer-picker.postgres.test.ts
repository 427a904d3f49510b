import { describe, expect, it } from 'vitest';
import type { Db } from '~/db/db.server';
import { withPostgres } from './pg-server';

// docs/decisions/105-golfer-picker.md on a real PostgreSQL server: the dialogs' golfer search ignores case there too
// (SQLite's LIKE does by itself), and the list stays bounded with the edited golfer in it.

let db: Db;
withPostgres((ready) => (db = ready));

describe('the golfer picker on PostgreSQL', () => {
  it('finds golfers by name or nickname in any case, at most 100 plus the edited one', async () => {
    const { findGolferChoices } = await import('~/models/golfers.server');
    const name = (n: number) => `PgPick${String(n).padStart(3, '0')}`;
    await db.golfer.createMany({
      data: Array.from({ length: 120 }, (_, i) => ({
        firstName: 'Åsa',
        lastName: name(i + 1),
        fullName: `Åsa ${name(i + 1)}`,
        nickname: i === 110 ? 'Birdie' : null,
      })),
    });
    const last = await db.golfer.findFirstOrThrow({ where: { lastName: name(120) } });
    const all = await findGolferChoices('pgpick', [last.id]);
    expect(all).toMatchObject({ matched: 120, limit: 100, search: 'pgpick' });
    expect(all.golfers).toHaveLength(101);
    expect(all.golfers.at(-1)).toEqual({ id: last.id, fullName: `Åsa ${name(120)}` });
    expect((await findGolferChoices(`ÅSA ${name(115).toUpperCase()}`)).golfers.map((g) => g.fullName)).toEqual([
      `Åsa ${name(115)}`,
    ]);
    expect((await findGolferChoices('bIRDIE')).golfers.map((g) => g.fullName)).toEqual([`Åsa ${name(111)}`]);
  });
});
