import { createDeflateRaw, crc32 } from 'node:zlib';
import * as XLSX from 'xlsx';
import { beforeAll, describe, expect, it } from 'vitest';
import { action as importFileApi } from '~/routes/api.import.$type';
import { db } from '~/utils/db.server';
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

/** Deflates `chunk` repeated `times` times, a chunk at a time, so the test never holds what the file unpacks to. */
async function deflateRepeated(chunk: Buffer, times: number): Promise<{ data: Buffer; size: number; crc: number }> {
  const deflate = createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (b: Buffer) => out.push(b));
  const done = new Promise((resolve) => deflate.on('end', resolve));
  let crc = 0;
  for (let i = 0; i < times; i += 1) {
    crc = crc32(chunk, crc);
    if (!deflate.write(chunk)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await done;
  return { data: Buffer.concat(out), size: chunk.length * times, crc };
}

/** A zip archive of deflated members, laid out by the book (local headers, data, central directory, end record). */
function zip(members: { name: string; data: Buffer; size: number; crc: number }[]): Uint8Array<ArrayBuffer> {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const m of members) {
    const name = Buffer.from(m.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(m.crc >>> 0, 14);
    local.writeUInt32LE(m.data.length, 18);
    local.writeUInt32LE(m.size >>> 0, 22);
    local.writeUInt16LE(name.length, 26);
    parts.push(local, name, m.data);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(8, 10);
    entry.writeUInt32LE(m.crc >>> 0, 16);
    entry.writeUInt32LE(m.data.length, 20);
    entry.writeUInt32LE(m.size >>> 0, 24);
    entry.writeUInt16LE(name.length, 28);
    entry.writeUInt32LE(offset, 42);
    central.push(entry, name);
    offset += 30 + name.length + m.data.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(members.length, 8);
  end.writeUInt16LE(members.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...parts, directory, end]));
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
