// The generated Prisma clients live in node_modules/@league/, which `npm install <some-package>` prunes as
// extraneous (only a bare `npm install` runs our postinstall again). Start and test regenerate them when missing.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export function ensurePrismaClients(root) {
  const missing = ['prisma-sqlite', 'prisma-postgres'].some(
    (name) => !fs.existsSync(path.join(root, 'node_modules', '@league', name, 'index.js')),
  );
  if (missing)
    execFileSync(process.execPath, [path.join(root, 'scripts', 'prisma-generate.mjs')], { stdio: 'inherit' });
}
