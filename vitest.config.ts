import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: { '~': fileURLToPath(new URL('./app', import.meta.url)) } },
  test: {
    include: ['app/**/*.test.ts', 'tests/integration/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/integration/global-setup.ts'],
    setupFiles: ['tests/integration/setup-env.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default on 2 cores is one worker (cores - 1). Each file has its own SQLite file or PostgreSQL database
    // and much of a file's time is waiting (PostgreSQL, SMTP, child processes, the import worker), so two keep both
    // cores busy: about 10 minutes of tests in a little over 5.
    maxWorkers: 2,
  },
});
