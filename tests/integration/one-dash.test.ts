import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// One dash for an absent value across the site (docs/decisions/142-one-dash-for-an-absent-value.md): pages write
// ABSENT or orAbsent from app/domain/format.ts, never a dash, 'N/A' or an empty cell of their own.
const FOLDERS = ['app/routes', 'app/ui'];
const OWN_MARKS = [
  /\?\?\s*'[-—–]'/, // value ?? '-'
  /\|\|\s*'[-—–]'/, // value || '-'
  /:\s*'[-—–]'\s*[}),\]]/, // cond ? x : '-'
  /'N\/A'|'n\/a'/,
  />[-—–]</, // <span>—</span>
  /^\s*'[-—–]'\s*$/m, // a dash alone in a JSX branch
];

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

describe('one dash for an absent value', () => {
  it('is written by app/domain/format.ts alone: no page or component writes a dash or N/A of its own', () => {
    const found = FOLDERS.flatMap(sources).flatMap((file) => {
      const text = fs.readFileSync(file, 'utf8');
      return OWN_MARKS.filter((mark) => mark.test(text)).map((mark) => `${file}: ${mark}`);
    });
    expect(found).toEqual([]);
  });
});
