import { currentSeason } from '../../app/domain/season';
import { createGolfer } from '../../app/models/golfers.server';
import { db } from '../../app/db/db.server';
import { unique } from './fixtures';

/**
 * A golfer registered this season and not paid: on /email-list's 'Registered Not Paid' tab. Their last name is a
 * unique tag starting with `prefix`, and their email that tag lower-cased at example.org.
 */
export async function owingGolfer(firstName: string, prefix = 'Owe') {
  const tag = unique(prefix);
  const golfer = await createGolfer({ firstName, lastName: tag, email: `${tag.toLowerCase()}@example.org` }, null);
  await db.membership.create({
    data: {
      golferId: golfer.id,
      season: currentSeason(),
      registered: true,
      paid: false,
      registrationDatetime: new Date(),
    },
  });
  return golfer;
}
