import path from 'node:path';
import { defineConfig } from 'prisma/config';

// Prisma 7's CLI is used here only for `prisma generate` (scripts/prisma-generate.mjs), which runs offline. The app
// applies the committed migrations itself at start (app/db/migrate.server.ts, docs/decisions/003), and new migrations
// are written with Prisma 6's CLI and its WASM engine (scripts/migration-diff.mjs, docs/decisions/165).
export default defineConfig({
  schema: path.join('prisma', 'schema.prisma'),
});
