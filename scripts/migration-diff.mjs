// Development-time: writes a new migration for both databases from the difference between the committed
// migrations and prisma/schema.prisma. Usage: npm run db:diff -- <name>
// Prisma 7's CLI needs a native schema engine it cannot download offline, so this runs Prisma 6's CLI (the
// devDependency `prisma-6`, used by this script only), whose WASM engine runs `migrate diff` offline for both
// providers (scripts/prisma-6.config.mjs; docs/decisions/165-prisma-7.md). The SQL is the same.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const name = process.argv[2];
if (!name || !/^[a-z0-9_]+$/.test(name)) {
  console.error('Usage: npm run db:diff -- <snake_case_name>');
  process.exit(2);
}
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
execFileSync(process.execPath, [path.join(root, 'scripts', 'prisma-generate.mjs')], { stdio: 'inherit' });
const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
const prisma = path.join(root, 'node_modules', 'prisma-6', 'build', 'index.js');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'league-db-diff-'));

/**
 * A copy of a schema as Prisma 6's CLI wants it: a datasource url (never used: nothing connects) and the client
 * engine, or it downloads a native query engine first. Prisma 7 refuses both in the schema itself.
 */
function forPrisma6(file, name) {
  let text = fs.readFileSync(file, 'utf8');
  if (!/^\s*engineType\s*=/m.test(text))
    text = text.replace(/(provider\s*=\s*"prisma-client-js")/, '$1\n  engineType = "client"');
  if (!/^\s*url\s*=/m.test(text))
    text = text.replace(
      /(provider\s*=\s*"(sqlite|postgresql)")/,
      (line, _, kind) =>
        `${line}\n  url      = "${kind === 'sqlite' ? 'file:unused.db' : 'postgresql://localhost/unused'}"`,
    );
  const copy = path.join(work, name);
  fs.writeFileSync(copy, text);
  return copy;
}

// `migrate diff --from-migrations` needs a shadow database the WASM engine cannot make, so the schema as of the
// last migration is kept beside the migrations (schema-at-last-migration.prisma) and diffed against instead.
for (const [schema, dir] of [
  ['prisma/schema.prisma', 'prisma/migrations'],
  ['prisma/postgres/schema.prisma', 'prisma/postgres/migrations'],
]) {
  const snapshot = path.join(root, dir, 'schema-at-last-migration.prisma');
  const provider = schema.includes('postgres') ? 'postgresql' : 'sqlite';
  const from = fs.existsSync(snapshot)
    ? ['--from-schema-datamodel', forPrisma6(snapshot, `${provider}-from.prisma`)]
    : ['--from-empty'];
  const to = forPrisma6(path.join(root, schema), `${provider}-to.prisma`);
  const sql = execFileSync(
    process.execPath,
    [
      prisma,
      'migrate',
      'diff',
      '--config',
      'scripts/prisma-6.config.mjs',
      ...from,
      '--to-schema-datamodel',
      to,
      '--script',
    ],
    {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, LEAGUE_PRISMA_6_SCHEMA: to, PRISMA_HIDE_UPDATE_MESSAGE: '1', CHECKPOINT_DISABLE: '1' },
    },
  );
  if (!sql.trim() || /^-- This is an empty migration/.test(sql.trim())) {
    console.log(`${dir}: no change`);
    continue;
  }
  const target = path.join(root, dir, `${stamp}_${name}`);
  fs.mkdirSync(target, { recursive: true });
  fs.writeFileSync(path.join(target, 'migration.sql'), sql);
  fs.copyFileSync(path.join(root, schema), snapshot);
  if (!fs.existsSync(path.join(root, dir, 'migration_lock.toml'))) {
    fs.writeFileSync(path.join(root, dir, 'migration_lock.toml'), `provider = "${provider}"\n`);
  }
  console.log(`wrote ${path.relative(root, target)}/migration.sql`);
}
fs.rmSync(work, { recursive: true, force: true });
