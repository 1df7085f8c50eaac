/**
 * Hand-made zip archives for the import tests: deflated entries, no extras, no comment. Enough for
 * workbooks the upload checks read, and for hostile ones (a bomb declares a size its body exceeds).
 */
import { crc32, deflateRawSync } from 'node:zlib';

export interface ZipEntry {
  name: string;
  /** The deflated bytes. */
  body: Buffer;
  /** The uncompressed size the headers declare. */
  size: number;
  /** CRC-32 of the uncompressed bytes; 0 when left out. */
  crc?: number;
}

/** `data` deflated as an entry, with its size and CRC. */
export function zipEntry(name: string, data: string | Buffer): ZipEntry {
  const bytes = Buffer.from(data);
  return { name, body: deflateRawSync(bytes), size: bytes.length, crc: crc32(bytes) };
}

const u16 = (value: number) => {
  const b = Buffer.alloc(2);
  b.writeUInt16LE(value);
  return b;
};
const u32 = (value: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(value >>> 0);
  return b;
};

export function zip(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    // "Version needed" to "extra field length", alike in the local and the central header: version
    // 2.0, no flags, deflate, no time, CRC, sizes, name length, no extra field.
    const fields = Buffer.concat([
      u16(20),
      u16(0),
      u16(8),
      u32(0),
      u32(e.crc ?? 0),
      u32(e.body.length),
      u32(e.size),
      u16(name.length),
      u16(0),
    ]);
    locals.push(u32(0x04034b50), fields, name, e.body);
    // + version made by; after: comment length, disk, attributes (10 bytes), the local header's offset.
    centrals.push(u32(0x02014b50), u16(20), fields, Buffer.alloc(10), u32(offset), name);
    offset += 30 + name.length + e.body.length;
  }
  const cd = Buffer.concat(centrals);
  const count = u16(entries.length);
  const end = Buffer.concat([u32(0x06054b50), u16(0), u16(0), count, count, u32(cd.length), u32(offset), u16(0)]);
  return Buffer.concat([...locals, cd, end]);
}
