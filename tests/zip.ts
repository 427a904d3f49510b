// Zip archives built to hurt the server (an .xlsx that unpacks to far more than it weighs), written by hand so a test
// controls every byte: tests/integration/import-limits.test.ts and the bench's zip bomb (scripts/bench/import-load.ts).
import { createDeflateRaw, crc32 } from 'node:zlib';

/** Deflates `chunk` repeated `times` times, a chunk at a time, so the test never holds what the file unpacks to. */
export async function deflateRepeated(
  chunk: Buffer,
  times: number,
): Promise<{ data: Buffer; size: number; crc: number }> {
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
export function zip(members: { name: string; data: Buffer; size: number; crc: number }[]): Uint8Array<ArrayBuffer> {
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
