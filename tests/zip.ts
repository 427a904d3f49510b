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

/** `value` as `bytes` little-endian bytes, as every number in a zip archive is written. */
function le(value: number, bytes: 2 | 4): Buffer {
  const b = Buffer.alloc(bytes);
  if (bytes === 2) b.writeUInt16LE(value);
  else b.writeUInt32LE(value >>> 0);
  return b;
}

/** A zip archive of deflated members, laid out by the book (local headers, data, central directory, end record). */
export function zip(members: { name: string; data: Buffer; size: number; crc: number }[]): Uint8Array<ArrayBuffer> {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const m of members) {
    const name = Buffer.from(m.name);
    // The 26 bytes a member's local header and its central directory entry share (after their own signature, and
    // in the entry after "version made by"): version needed 2.0, no flags, deflate, a zero time and date, the CRC,
    // both sizes, the name's length and no extra field.
    const shared = Buffer.concat([
      le(20, 2),
      le(0, 2),
      le(8, 2),
      le(0, 4),
      le(m.crc, 4),
      le(m.data.length, 4),
      le(m.size, 4),
      le(name.length, 2),
      le(0, 2),
    ]);
    parts.push(le(0x04034b50, 4), shared, name, m.data);
    // Then no comment, disk 0, no attributes, and where the member's local header starts.
    central.push(le(0x02014b50, 4), le(20, 2), shared, Buffer.alloc(10), le(offset, 4), name);
    offset += 30 + name.length + m.data.length;
  }
  const directory = Buffer.concat(central);
  // The end record: this disk and the directory's (0), its entries on this disk and in all, its size and offset.
  const end = [le(0x06054b50, 4), le(0, 4), le(members.length, 2), le(members.length, 2)];
  end.push(le(directory.length, 4), le(offset, 4), le(0, 2));
  return new Uint8Array(Buffer.concat([...parts, directory, ...end]));
}
