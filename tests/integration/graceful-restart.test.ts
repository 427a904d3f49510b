import { describe } from 'vitest';
import { db } from '~/db/db.server';
import { gracefulRestartCases } from './graceful-restart-cases';

// A graceful restart in the middle of game night on the embedded SQLite database: the built server and this file share
// the file this test run gave it (setup-env.ts).
describe('a graceful restart in the middle of game night, on SQLite (docs/decisions/171)', () => {
  gracefulRestartCases(() => db);
});
