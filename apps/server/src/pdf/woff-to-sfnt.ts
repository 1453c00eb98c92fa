/**
 * WOFF 1.0 to a plain TrueType/OpenType file (W3C WOFF File Format 1.0 §4–§6). fontkit reads WOFF
 * itself, but inflates each table again on every access of every new font object, which made an
 * invoice with a Sinhala name take ten times longer to subset; a font unwrapped once per process
 * costs nothing more per invoice.
 */
import { inflateSync } from 'node:zlib';

const WOFF_SIGNATURE = 0x774f4646; // 'wOFF'
const WOFF_HEADER = 44;
const WOFF_ENTRY = 20;
const SFNT_HEADER = 12;
const SFNT_ENTRY = 16;

const padded = (length: number): number => (length + 3) & ~3;

/**
 * The sfnt (TTF or OTF) inside a WOFF 1.0 file: its tables inflated, in the WOFF's directory order,
 * each 4-byte aligned, with the original checksums.
 * @param woff - the WOFF file's bytes
 * @throws Error when the bytes are not a WOFF 1.0 file or a table is damaged
 */
export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.length < WOFF_HEADER || woff.readUInt32BE(0) !== WOFF_SIGNATURE) {
    throw new Error('Not a WOFF 1.0 font');
  }
  const flavor = woff.readUInt32BE(4);
  const numTables = woff.readUInt16BE(12);
  const tables = Array.from({ length: numTables }, (_, index) => {
    const entry = WOFF_HEADER + index * WOFF_ENTRY;
    const offset = woff.readUInt32BE(entry + 4);
    const compLength = woff.readUInt32BE(entry + 8);
    const origLength = woff.readUInt32BE(entry + 12);
    const stored = woff.subarray(offset, offset + compLength);
    const data = compLength < origLength ? inflateSync(stored) : stored;
    if (data.length !== origLength) {
      throw new Error('A WOFF table is damaged');
    }
    return { tag: woff.readUInt32BE(entry), checksum: woff.readUInt32BE(entry + 16), data };
  });
  // The sfnt header's binary-search fields (OpenType 'Table Directory').
  const entrySelector = Math.floor(Math.log2(Math.max(1, numTables)));
  const searchRange = 2 ** entrySelector * SFNT_ENTRY;
  const directoryLength = SFNT_HEADER + numTables * SFNT_ENTRY;
  const sfnt = Buffer.alloc(
    tables.reduce((total, table) => total + padded(table.data.length), directoryLength),
  );
  sfnt.writeUInt32BE(flavor, 0);
  sfnt.writeUInt16BE(numTables, 4);
  sfnt.writeUInt16BE(searchRange, 6);
  sfnt.writeUInt16BE(entrySelector, 8);
  sfnt.writeUInt16BE(numTables * SFNT_ENTRY - searchRange, 10);
  let offset = directoryLength;
  tables.forEach((table, index) => {
    const entry = SFNT_HEADER + index * SFNT_ENTRY;
    sfnt.writeUInt32BE(table.tag, entry);
    sfnt.writeUInt32BE(table.checksum, entry + 4);
    sfnt.writeUInt32BE(offset, entry + 8);
    sfnt.writeUInt32BE(table.data.length, entry + 12);
    table.data.copy(sfnt, offset);
    offset += padded(table.data.length);
  });
  return sfnt;
}
