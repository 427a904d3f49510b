// npm run create-admin -- <username> [--password <pw>] [--email <email>] [--first <name>] [--last <name>]
// Adds an administrator (isAdmin) to the database DATABASE_URL points at (the embedded file by default).
// Without --password, a random one is generated and printed once.
import crypto from 'node:crypto';
import { parseArgs } from 'node:util';
import { userSchema } from '../app/schemas/auth';
import { databaseConfig } from '../app/db/database-url.server';
import { migrate } from '../app/db/migrate.server';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    password: { type: 'string' },
    email: { type: 'string' },
    first: { type: 'string' },
    last: { type: 'string' },
  },
});
const username = positionals[0];
if (!username) {
  console.error(
    'Usage: npm run create-admin -- <username> [--password <pw>] [--email <email>] [--first <name>] [--last <name>]',
  );
  process.exit(2);
}
const password = values.password ?? crypto.randomBytes(9).toString('base64url');
const parsed = userSchema.safeParse({
  username,
  password,
  email: values.email ?? `${username}@example.org`,
  firstName: values.first ?? 'League',
  lastName: values.last ?? 'Admin',
});
if (!parsed.success) {
  for (const issue of parsed.error.issues) console.error(`${issue.path.join('.')}: ${issue.message}`);
  process.exit(2);
}
await migrate(databaseConfig());
const { createUser } = await import('../app/models/users.server');
try {
  const user = await createUser({ ...parsed.data, isAdmin: true }, null);
  console.log(
    `Created administrator "${user.username}"${values.password ? '' : ` with password "${password}" (shown once)`}.`,
  );
  process.exit(0);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
