import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { rename, rm, writeFile } from 'node:fs/promises';

/*
 * The listing index saved beside the embedded database, so a restart does not read 100,000
 * products, 800,000 prices and every product's search terms again (about 7 s of a single database
 * at start, against a budget of 5 s for the whole start): the file is a few tens of megabytes of
 * typed arrays, read in a few tens of milliseconds.
 *
 * A snapshot is used only for the catalogue fingerprint it was taken at (`catalogueFingerprint`:
 * product and variant counts, `catalogue_structure_version`, which triggers move with every write
 * of what the index holds, and the search index's build time); anything else, a damaged file
 * (checksum) or another format, and the index is built from the database as before. What changes
 * without moving the fingerprint (stock, ratings) is never taken from the snapshot: cards are read
 * through the catalogue version (../summaries.ts) and ratings catch up from it.
 *
 * Layout: a little-endian u32 header length, the JSON header, then each array's bytes, every part
 * starting on an 8-byte boundary.
 */

/** Bumped whenever the layout or the meaning of an array changes. */
const FORMAT = 1;

const TYPES = { Int32Array, Int16Array, Uint8Array } as const;
type TypeName = keyof typeof TYPES;

/** The typed arrays a snapshot holds. */
export type SnapshotArray = Int32Array | Int16Array | Uint8Array;

interface Header {
  format: number;
  fingerprint: string;
  ratingsVersion: number;
  /** SHA-1 of every byte after the header (integrity, not secrecy). */
  checksum: string;
  arrays: { name: string; type: TypeName; length: number }[];
}

/** What a snapshot holds: the arrays of an index built at `fingerprint` (./build.ts `snapshotArrays`). */
export interface SnapshotContent {
  fingerprint: string;
  ratingsVersion: number;
  arrays: Record<string, SnapshotArray>;
}

const align8 = (n: number) => Math.ceil(n / 8) * 8;

function typeName(array: SnapshotArray): TypeName {
  if (array instanceof Int32Array) return 'Int32Array';
  if (array instanceof Int16Array) return 'Int16Array';
  return 'Uint8Array';
}

/** The arrays saved in `file` at `fingerprint`; null when there is no such file, or it cannot be trusted. */
export function readSnapshot(file: string, fingerprint: string, log: (line: string) => void): { ratingsVersion: number; arrays: Map<string, SnapshotArray> } | null {
  let buffer: Buffer;
  try {
    buffer = readFileSync(file);
  } catch {
    return null;
  }
  try {
    const headerLength = buffer.readUInt32LE(0);
    const header = JSON.parse(buffer.toString('utf8', 4, 4 + headerLength)) as Header;
    if (header.format !== FORMAT || header.fingerprint !== fingerprint) return null;
    const body = buffer.subarray(align8(4 + headerLength));
    if (createHash('sha1').update(body).digest('hex') !== header.checksum) {
      log(`Listing index snapshot ${file} is damaged (checksum): building the index from the database`);
      return null;
    }
    const arrays = new Map<string, SnapshotArray>();
    let at = 0;
    for (const entry of header.arrays) {
      const Type = TYPES[entry.type];
      if (!Type || !Number.isSafeInteger(entry.length) || entry.length < 0) return null;
      const byteLength = entry.length * Type.BYTES_PER_ELEMENT;
      if (at + byteLength > body.length) return null;
      // A copy: the file's buffer is not aligned for the wider types.
      const array = new Type(entry.length);
      new Uint8Array(array.buffer).set(body.subarray(at, at + byteLength));
      arrays.set(entry.name, array);
      at = align8(at + byteLength);
    }
    return { ratingsVersion: header.ratingsVersion, arrays };
  } catch {
    return null;
  }
}

/** Writes to a temporary name, then renames: a crash never leaves half a file. */
export async function writeSnapshot(file: string, { fingerprint, ratingsVersion, arrays }: SnapshotContent): Promise<void> {
  const entries = Object.entries(arrays);
  const parts: Buffer[] = [];
  let length = 0;
  for (const [, array] of entries) {
    const bytes = Buffer.from(array.buffer, array.byteOffset, array.byteLength);
    const padded = align8(bytes.length);
    parts.push(bytes);
    if (padded > bytes.length) parts.push(Buffer.alloc(padded - bytes.length));
    length += padded;
  }
  const body = Buffer.concat(parts, length);
  const header: Header = {
    format: FORMAT,
    fingerprint,
    ratingsVersion,
    checksum: createHash('sha1').update(body).digest('hex'),
    arrays: entries.map(([name, array]) => ({ name, type: typeName(array), length: array.length })),
  };
  const headerBytes = Buffer.from(JSON.stringify(header));
  const prefix = Buffer.alloc(align8(4 + headerBytes.length));
  prefix.writeUInt32LE(headerBytes.length, 0);
  headerBytes.copy(prefix, 4);
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    await writeFile(temporary, Buffer.concat([prefix, body]));
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true }).catch(() => undefined);
    throw error;
  }
}
