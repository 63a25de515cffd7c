/**
 * The compact postcode table a child process derives from a dataset package and the API reads:
 * only what a lookup needs, the postcodes and their points, as typed arrays.
 *
 *   "PCT1" | u32 header length | header JSON {key, digits, count} | padding to 8 bytes
 *   | u32 postcodes[count], ascending | padding to 8 | f64 lat[count] | f64 lng[count]
 *
 * Points are stored as the very doubles the dataset parse gave, so a lookup answers exactly
 * what the parse would (no decimal rounding). Reading it is three views on the file's bytes, well
 * under a millisecond even for the 41,000 US ZIP codes, where parsing the package takes hundreds.
 * The file is written and read on one machine, so the arrays keep its byte order.
 */
import type { PostcodeTable } from './postcode-datasets';

/** Bump when the layout or the derivation changes: tables of another format are derived again. */
export const TABLE_FORMAT = 1;

const MAGIC = 'PCT1';

export interface TableHeader {
  /** The dataset the table came from (datasetKey): a table of another key is not this one. */
  key: string;
  /** Every postcode has this many digits ('0200' is stored as 200). */
  digits: number;
  count: number;
}

const padTo8 = (n: number): number => Math.ceil(n / 8) * 8;

export function encodeTable(points: ReadonlyMap<string, { lat: number; lng: number }>, key: string, digits: number): Buffer {
  const entries = [...points]
    .filter(([postcode]) => postcode.length === digits && /^\d+$/.test(postcode))
    .map(([postcode, point]) => [Number(postcode), point] as const)
    .sort(([a], [b]) => a - b);
  const count = entries.length;
  if (count !== points.size) throw new Error(`a ${digits}-digit postcode table cannot hold every postcode given`);
  const header = Buffer.from(JSON.stringify({ key, digits, count } satisfies TableHeader), 'utf8');
  const codesAt = padTo8(8 + header.length);
  const latAt = padTo8(codesAt + 4 * count);
  const lngAt = latAt + 8 * count;
  const file = Buffer.alloc(lngAt + 8 * count);
  file.write(MAGIC, 0, 'latin1');
  file.writeUInt32LE(header.length, 4);
  header.copy(file, 8);
  const codes = new Uint32Array(file.buffer, file.byteOffset + codesAt, count);
  const lat = new Float64Array(file.buffer, file.byteOffset + latAt, count);
  const lng = new Float64Array(file.buffer, file.byteOffset + lngAt, count);
  entries.forEach(([code, point], i) => {
    codes[i] = code;
    lat[i] = point.lat;
    lng[i] = point.lng;
  });
  return file;
}

/** The table in `file`, or undefined when it is not a whole table of `key` (a torn or foreign file is derived again). */
export function decodeTable(file: Buffer, key: string): PostcodeTable | undefined {
  if (file.length < 8 || file.toString('latin1', 0, 4) !== MAGIC) return undefined;
  const headerLength = file.readUInt32LE(4);
  let header: TableHeader;
  try {
    header = JSON.parse(file.toString('utf8', 8, 8 + headerLength)) as TableHeader;
  } catch {
    return undefined;
  }
  const { digits, count } = header;
  if (header.key !== key || !Number.isInteger(digits) || !Number.isInteger(count) || count < 0) return undefined;
  const codesAt = padTo8(8 + headerLength);
  const latAt = padTo8(codesAt + 4 * count);
  const lngAt = latAt + 8 * count;
  if (file.length !== lngAt + 8 * count) return undefined;
  // Views on the file's own bytes when it starts on an 8-byte boundary (a whole file read is);
  // else one aligned copy, as a Float64Array needs that boundary.
  const bytes: Uint8Array = file.byteOffset % 8 === 0 ? file : new Uint8Array(file);
  const codes = new Uint32Array(bytes.buffer, bytes.byteOffset + codesAt, count);
  const lat = new Float64Array(bytes.buffer, bytes.byteOffset + latAt, count);
  const lng = new Float64Array(bytes.buffer, bytes.byteOffset + lngAt, count);
  return {
    get(postcode) {
      // The parse's table is keyed by the exact string: '200' or ' 0200' was never in it.
      if (postcode.length !== digits || !/^\d+$/.test(postcode)) return undefined;
      const code = Number(postcode);
      let low = 0;
      let high = count - 1;
      while (low <= high) {
        const middle = (low + high) >>> 1;
        const at = codes[middle]!;
        if (at === code) return { lat: lat[middle]!, lng: lng[middle]! };
        if (at < code) low = middle + 1;
        else high = middle - 1;
      }
      return undefined;
    },
  };
}

/** The table's file in `dir`: named by country, dataset key and format, so each version gets its own. */
export const tableFileName = (country: string, key: string): string => `${country}-${key}.v${TABLE_FORMAT}.postcodes`;
