import { GAMES } from '~/domain/side-games';
import { setNightEntries } from '~/features/money/night-side-games.server';
import { setClosestToPin } from '~/models/side-games.server';
import { closestToPinSchema } from '~/schemas/side-games';
import { intent } from './admin-page.server';
import { requireId } from './id-param';

/*
 * The side games' forms on other admin pages (docs/product/money.md): 'Save entries' on the night view
 * (/tee-times?date=) and the closest to the pin on /scores. Each page adds the intent to its action; the forms are
 * app/ui/night-side-games.tsx.
 */

function dateOf(form: FormData): string {
  const date = form.get('date');
  return typeof date === 'string' ? date : '';
}

/** The night view's entries: a box `{golferId}-{game}` per player and game, the players listed as `golferId`. */
export const sideGameEntriesIntent = intent({
  admin: 'Only an administrator can mark side game entries',
  run: async ({ form, actor, done }) => {
    const date = dateOf(form);
    const rows = form.getAll('golferId').map((value) => {
      const golferId = requireId(value, 'Golfer is required');
      const entries = Object.fromEntries(GAMES.map((g) => [g, form.get(`${golferId}-${g}`) === 'on'])) as Record<
        (typeof GAMES)[number],
        boolean
      >;
      return { golferId, entries };
    });
    const count = await setNightEntries(date, rows, actor);
    return done(
      {
        title: 'Side game entries saved',
        description: `${count} golfer${count === 1 ? '' : 's'}' entries of ${date}.`,
      },
      `/tee-times?date=${date}`,
    );
  },
});

/** /scores's closest to the pin: the winner, feet and inches. */
export const closestToPinIntent = intent({
  schema: closestToPinSchema,
  admin: 'Only an administrator can enter the closest to the pin',
  run: async ({ value, form, actor, done }) => {
    const date = dateOf(form);
    await setClosestToPin(date, value, actor);
    return done('Closest to the pin saved', `/scores?date=${date}`);
  },
});
