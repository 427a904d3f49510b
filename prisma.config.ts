import path from 'node:path';
import { PrismaBetterSQLite3 } from '@prisma/adapter-better-sqlite3';
import { defineConfig } from 'prisma/config';

// Prisma's CLI is used only at development time (generate, migrate diff); its WASM engine ('js') runs
// offline. The app applies migrations itself at start (app/db/migrate.server.ts).
export default defineConfig({
  experimental: { adapter: true },
  engine: 'js',
  schema: path.join('prisma', 'schema.prisma'),
  adapter: () => Promise.resolve(new PrismaBetterSQLite3({ url: ':memory:' })),
});
