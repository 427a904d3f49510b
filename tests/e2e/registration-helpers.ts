import type { Page } from '@playwright/test';
import { currentSeason } from '../../app/domain/season';
import { db } from '../../app/db/db.server';

/**
 * A standing tee time of this season that no other test uses: the e2e database is shared by tests running
 * in parallel, so each test makes its own slot at a random time before the league's first tee.
 */
export async function ownSlot(): Promise<{ id: number; time: string }> {
  const season = currentSeason();
  for (let attempt = 1; ; attempt++) {
    const time = `${String(Math.floor(Math.random() * 10)).padStart(2, '0')}:${String(Math.floor(Math.random() * 60)).padStart(2, '0')}`;
    try {
      return await db.teeTime.create({ data: { time, season }, select: { id: true, time: true } });
    } catch (error) {
      // Taken by another test (or the database briefly busy): try another time, within reason.
      if (attempt >= 50) throw error;
    }
  }
}

/** The session id in a /checkout/:id or /registration-confirmation/:id address. */
export function sessionIdOf(page: Page): string {
  return new URL(page.url()).pathname.split('/').pop()!;
}
