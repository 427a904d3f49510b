// Generates both Prisma clients offline (run by `npm install`): the SQLite one from prisma/schema.prisma, and
// the PostgreSQL one from prisma/postgres/schema.prisma, which this script derives from the SQLite schema.
// See docs/decisions/002-one-schema-two-databases.md.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const source = fs.readFileSync(path.join(root, 'prisma', 'schema.prisma'), 'utf8');

export function derivePostgresSchema(sqliteSchema) {
  return (
    '// GENERATED from prisma/schema.prisma by scripts/prisma-generate.mjs: do not edit.\n' +
    sqliteSchema
      .replace('provider = "sqlite"', 'provider = "postgresql"')
      .replace('../node_modules/@league/prisma-sqlite', '../../node_modules/@league/prisma-postgres')
  );
}

const pgDir = path.join(root, 'prisma', 'postgres');
fs.mkdirSync(pgDir, { recursive: true });
const derived = derivePostgresSchema(source);
const pgSchemaFile = path.join(pgDir, 'schema.prisma');
if (!fs.existsSync(pgSchemaFile) || fs.readFileSync(pgSchemaFile, 'utf8') !== derived)
  fs.writeFileSync(pgSchemaFile, derived);

// Prisma 7's CLI first looks for its native schema engine and downloads it, which fails offline; `generate` never
// runs it, so a stub that says so stands in (scripts/no-schema-engine.sh), unless a real one is set.
const prisma = path.join(root, 'node_modules', 'prisma', 'build', 'index.js');
const schemaEngine = process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? path.join(root, 'scripts', 'no-schema-engine.sh');
for (const schema of ['prisma/schema.prisma', 'prisma/postgres/schema.prisma']) {
  execFileSync(process.execPath, [prisma, 'generate', '--schema', schema], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PRISMA_SCHEMA_ENGINE_BINARY: schemaEngine,
      PRISMA_HIDE_UPDATE_MESSAGE: '1',
      CHECKPOINT_DISABLE: '1',
    },
  });
}
console.log('Prisma clients generated (SQLite and PostgreSQL).');
