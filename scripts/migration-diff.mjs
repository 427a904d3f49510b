// Development-time: writes a new migration for both databases from the difference between the committed
// migrations and prisma/schema.prisma. Usage: npm run db:diff -- <name>
// Prisma's WASM engine ('js' in prisma.config.ts) runs `migrate diff` offline for both providers.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const name = process.argv[2];
if (!name || !/^[a-z0-9_]+$/.test(name)) {
  console.error('Usage: npm run db:diff -- <snake_case_name>');
  process.exit(2);
}
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
execFileSync(process.execPath, [path.join(root, 'scripts', 'prisma-generate.mjs')], { stdio: 'inherit' });
const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
const prisma = path.join(root, 'node_modules', 'prisma', 'build', 'index.js');

// `migrate diff --from-migrations` needs a shadow database the WASM engine cannot make, so the schema as of the
// last migration is kept beside the migrations (schema-at-last-migration.prisma) and diffed against instead.
for (const [schema, dir] of [
  ['prisma/schema.prisma', 'prisma/migrations'],
  ['prisma/postgres/schema.prisma', 'prisma/postgres/migrations'],
]) {
  const snapshot = path.join(root, dir, 'schema-at-last-migration.prisma');
  const from = fs.existsSync(snapshot) ? ['--from-schema-datamodel', snapshot] : ['--from-empty'];
  const sql = execFileSync(
    process.execPath,
    [prisma, 'migrate', 'diff', ...from, '--to-schema-datamodel', schema, '--script'],
    {
      cwd: root,
      encoding: 'utf8',
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
    const provider = schema.includes('postgres') ? 'postgresql' : 'sqlite';
    fs.writeFileSync(path.join(root, dir, 'migration_lock.toml'), `provider = "${provider}"\n`);
  }
  console.log(`wrote ${path.relative(root, target)}/migration.sql`);
}
