// The configuration of Prisma 6's CLI, which `npm run db:diff` (scripts/migration-diff.mjs) runs for `migrate diff`
// only: its WASM schema engine ('js') works offline for both providers, where Prisma 7's CLI must download a native
// one (docs/decisions/165-prisma-7.md). The schema it reads is the copy the script made for it.
import { PrismaBetterSqlite3 } from '@prisma/adapter-better-sqlite3';
import { defineConfig } from 'prisma-6/config';

export default defineConfig({
  experimental: { adapter: true },
  engine: 'js',
  schema: process.env.LEAGUE_PRISMA_6_SCHEMA,
  adapter: () => Promise.resolve(new PrismaBetterSqlite3({ url: ':memory:' })),
});
