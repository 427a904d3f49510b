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

for (const [schema, dir] of [
  ['prisma/schema.prisma', 'prisma/migrations'],
  ['prisma/postgres/schema.prisma', 'prisma/postgres/migrations'],
]) {
  const from = fs.existsSync(path.join(root, dir)) && fs.readdirSync(path.join(root, dir)).length > 0
    ? ['--from-migrations', dir, ...(schema.includes('postgres') ? [] : [])]
    : ['--from-empty'];
  const sql = execFileSync(process.execPath, [prisma, 'migrate', 'diff', ...from, '--to-schema-datamodel', schema, '--script'], {
    cwd: root,
    encoding: 'utf8',
  });
  if (!sql.trim() || /^-- This is an empty migration/.test(sql.trim())) {
    console.log(`${dir}: no change`);
    continue;
  }
  const target = path.join(root, dir, `${stamp}_${name}`);
  fs.mkdirSync(target, { recursive: true });
  fs.writeFileSync(path.join(target, 'migration.sql'), sql);
  if (!fs.existsSync(path.join(root, dir, 'migration_lock.toml'))) {
    const provider = schema.includes('postgres') ? 'postgresql' : 'sqlite';
    fs.writeFileSync(path.join(root, dir, 'migration_lock.toml'), `provider = "${provider}"\n`);
  }
  console.log(`wrote ${path.relative(root, target)}/migration.sql`);
}
