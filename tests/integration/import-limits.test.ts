import * as XLSX from 'xlsx';
import { beforeAll, describe, expect, it } from 'vitest';
import { action as importFileApi } from '~/routes/api.import.$type';
import { db } from '~/db/db.server';
import { deflateRepeated, zip } from '../zip';
import { call, request, signIn } from './helpers';

// Files built to hurt a server: an .xlsx that unpacks to hundreds of MB and a sheet thousands of columns wide are
// refused before SheetJS reads them (docs/decisions/067-imports-off-the-request-thread.md), and nothing is written.

let cookie: string;
beforeAll(async () => {
  ({ cookie } = await signIn());
});

async function upload(file: File) {
  const form = new FormData();
  form.append('file', file);
  const res = await call(importFileApi, request('/api/import/golfers', { form, cookie }), { type: 'golfers' });
  return { status: res.status, body: (await res.json()) as { message?: string } };
}

describe('import limits that protect the server', () => {
  it('refuses an .xlsx that unpacks to hundreds of MB, without unpacking it, and writes nothing', async () => {
    const row = Buffer.from('<row><c t="inlineStr"><is><t>Bomb</t></is></c></row>'.repeat(20_000));
    const sheet = await deflateRepeated(row, Math.ceil((300 * 1024 * 1024) / row.length));
    const file = zip([{ name: 'xl/worksheets/sheet1.xml', ...sheet }]);
    expect(file.byteLength).toBeLessThan(5 * 1024 * 1024);
    const golfers = await db.golfer.count();
    const before = process.memoryUsage().rss;
    const { status, body } = await upload(new File([file], 'bomb.xlsx'));
    expect(status).toBe(413);
    expect(body.message).toBe(
      '"bomb.xlsx" unpacks to more than 50 MB, far more than any league\'s data. Check that it is the right file, or split it into smaller files.',
    );
    // The worker unpacked at most the cap; this thread held none of it.
    expect(process.memoryUsage().rss - before).toBeLessThan(200 * 1024 * 1024);
    expect(await db.golfer.count()).toBe(golfers);
  });

  it('refuses a sheet wider than 100 columns before reading its cells', async () => {
    const book = XLSX.utils.book_new();
    const header = Array.from({ length: 300 }, (_, i) => (i === 0 ? 'First Name' : i === 1 ? 'Last Name' : `X${i}`));
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([header, ['Wide', 'Sheet']]), 'Sheet1');
    const bytes = XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
    const { status, body } = await upload(new File([new Uint8Array(bytes)], 'wide.xlsx'));
    expect(status).toBe(413);
    expect(body.message).toBe(
      '"wide.xlsx" has more than 100 columns. An import needs only the columns of its type: remove the others.',
    );
  });

  it('refuses a CSV wider than 100 columns too', async () => {
    const header = ['First Name', 'Last Name', ...Array.from({ length: 150 }, (_, i) => `X${i}`)].join(',');
    const { status, body } = await upload(new File([`${header}\nWide,Csv\n`], 'wide.csv', { type: 'text/csv' }));
    expect(status).toBe(413);
    expect(body.message).toContain('"wide.csv" has more than 100 columns');
  });
});
