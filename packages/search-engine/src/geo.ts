/**
 * Geosearch as Meilisearch does it: documents carry `_geo: {lat, lng}`; the filter
 * `_geoRadius(lat, lng, metres)` keeps those within that many metres of a point, the sort
 * `_geoPoint(lat, lng):asc` orders by distance from it (documents without `_geo` last), and a hit
 * sorted so gets `_geoDistance` in whole metres.
 *
 * Distances are haversine on a sphere of radius 6,371 km, rounded to the millimetre, exactly as
 * Meilisearch's `geoutils` computes them, so a car at the edge of a radius is in or out on both
 * engines alike. `_geoBoundingBox` and `_geoPolygon` are still refused (the sites do not use them).
 */
import { Bitset } from './bitset';
import { MeiliError } from './errors';
import type { FilterToken } from './filter-parser';

const EARTH_RADIUS_METRES = 6371e3;

/** Great-circle distance in metres between two [lat, lng] points, as Meilisearch computes it. */
export function haversineMetres(a: readonly [number, number], b: readonly [number, number]): number {
  const hav = (theta: number): number => (1 - Math.cos(theta)) / 2;
  const toRad = Math.PI / 180;
  const phi1 = a[0] * toRad;
  const phi2 = b[0] * toRad;
  const total = hav(phi2 - phi1) + Math.cos(phi1) * Math.cos(phi2) * hav((b[1] - a[1]) * toRad);
  return Math.round(2 * EARTH_RADIUS_METRES * Math.asin(Math.sqrt(total)) * 1000) / 1000;
}

export interface GeoRadiusNode {
  type: 'geoRadius';
  /** `_geo`, placed at the keyword, for the filterable check. */
  field: FilterToken;
  lat: FilterToken;
  lng: FilterToken;
  radius: FilterToken;
}

/** A parse failure the filter parser reports with Meilisearch's position suffix. */
export class GeoSyntaxError extends Error {
  constructor(
    message: string,
    readonly start: number,
    readonly end: number,
  ) {
    super(message);
  }
}

const FLOAT = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?/;
const SPACE = /^\s*/u;

/**
 * `_geoRadius(lat, lng, radius[, resolution])` at `pos` (after any spaces), or undefined when the
 * text there is not `_geoRadius` followed by a non-word character. Once the keyword is read the
 * rest must follow: Meilisearch then fails rather than reading it as a field name.
 */
export function parseGeoRadius(input: string, pos: number): { node: GeoRadiusNode; end: number } | undefined {
  if (!/^_geoRadius(?![\p{Alphabetic}\p{N}_.-])/u.test(input.slice(pos))) return undefined;
  const keywordEnd = pos + '_geoRadius'.length;
  const form = (): GeoSyntaxError =>
    new GeoSyntaxError('The `_geoRadius` filter must be in the form: `_geoRadius(latitude, longitude, radius, optionalResolution)`.', keywordEnd, input.length);
  let at = keywordEnd;
  if (input[at] !== '(') throw form();
  at++;
  const args: FilterToken[] = [];
  for (;;) {
    at += SPACE.exec(input.slice(at))![0].length;
    const number = FLOAT.exec(input.slice(at));
    if (!number) throw form();
    args.push({ value: number[0], source: input, start: at, end: at + number[0].length });
    at += number[0].length;
    at += SPACE.exec(input.slice(at))![0].length;
    if (input[at] === ',') {
      at++;
      continue;
    }
    if (input[at] === ')') break;
    throw form();
  }
  at++;
  if (args.length < 3 || args.length > 4) {
    throw new GeoSyntaxError(`Was expecting 3 or 4 arguments for \`_geoRadius\`, but instead found ${args.length}.`, at, input.length);
  }
  const field: FilterToken = { value: '_geo', source: input, start: pos, end: keywordEnd };
  return { node: { type: 'geoRadius', field, lat: args[0]!, lng: args[1]!, radius: args[2]! }, end: at };
}

/** Rust's `{}` for an f64: whole numbers without a decimal point. */
const rustFloat = (n: number): string => (Number.isInteger(n) && Math.abs(n) < 1e16 ? n.toFixed(0) : String(n));

function latitudeError(lat: number): string {
  return `Bad latitude \`${rustFloat(lat)}\`. Latitude must be contained between -90 and 90 degrees.`;
}

function longitudeError(lng: number): string {
  const normalised = ((((lng + 180) % 360) + 360) % 360) - 180;
  return `Bad longitude \`${rustFloat(lng)}\`. Longitude must be contained between -180 and 180 degrees. Hint: try using \`${rustFloat(normalised)}\` instead.`;
}

/** Each document's `_geo` as numbers (NaN where it has none), read once per engine. */
export class GeoPoints {
  private constructor(
    readonly lat: Float64Array,
    readonly lng: Float64Array,
  ) {}

  static of(documents: readonly Record<string, unknown>[]): GeoPoints {
    const lat = new Float64Array(documents.length).fill(Number.NaN);
    const lng = new Float64Array(documents.length).fill(Number.NaN);
    documents.forEach((doc, i) => {
      const point = geoPoint(doc._geo);
      if (point) [lat[i], lng[i]] = point;
    });
    return new GeoPoints(lat, lng);
  }

  get size(): number {
    return this.lat.length;
  }

  has(doc: number): boolean {
    return !Number.isNaN(this.lat[doc]!);
  }

  distance(doc: number, from: readonly [number, number]): number {
    return haversineMetres(from, [this.lat[doc]!, this.lng[doc]!]);
  }

  /** The documents within `radius` metres of the filter's point (the edge included). */
  withinRadius(node: GeoRadiusNode, fail: (token: FilterToken, message: string) => MeiliError): Bitset {
    const number = (token: FilterToken): number => {
      const n = Number(token.value);
      if (!Number.isFinite(n)) throw fail(token, `Could not parse \`${token.value}\` as a finite float.`);
      return n;
    };
    const lat = number(node.lat);
    const lng = number(node.lng);
    if (lat < -90 || lat > 90) throw fail(node.lat, latitudeError(lat));
    if (lng < -180 || lng > 180) throw fail(node.lng, longitudeError(lng));
    const radius = number(node.radius);
    const set = new Bitset(this.size);
    for (let doc = 0; doc < this.size; doc++) {
      if (this.has(doc) && this.distance(doc, [lat, lng]) <= radius + Number.EPSILON) set.add(doc);
    }
    return set;
  }
}

/** `{lat, lng}` as numbers or numeric strings, as Meilisearch accepts them; undefined otherwise. */
export function geoPoint(value: unknown): [number, number] | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const { lat, lng } = value as { lat?: unknown; lng?: unknown };
  const read = (v: unknown): number | undefined => {
    const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : Number.NaN;
    return Number.isFinite(n) ? n : undefined;
  };
  const a = read(lat);
  const b = read(lng);
  return a === undefined || b === undefined ? undefined : [a, b];
}

export interface GeoSort {
  point: [number, number];
  direction: 'asc' | 'desc';
}

/**
 * A sort expression that names `_geo`: `_geoPoint(lat, lng):asc|desc` as a GeoSort; the other
 * reserved names fail with Meilisearch's message; undefined for an ordinary attribute.
 */
export function parseGeoSort(expression: string): GeoSort | undefined {
  const cut = expression.lastIndexOf(':');
  const member = cut === -1 ? expression : expression.slice(0, cut);
  const direction = cut === -1 ? '' : expression.slice(cut + 1);
  if (direction !== 'asc' && direction !== 'desc') return undefined;
  const inner = member.startsWith('_geoPoint(') && member.endsWith(')') ? member.slice('_geoPoint('.length, -1) : undefined;
  if (inner !== undefined) {
    const comma = inner.indexOf(',');
    const lat = comma === -1 ? Number.NaN : rustParseFloat(inner.slice(0, comma).trim());
    const lng = comma === -1 ? Number.NaN : rustParseFloat(inner.slice(comma + 1).trim());
    if (Number.isNaN(lat) || Number.isNaN(lng)) throw badGeoPointUsage(expression);
    if (lat < -90 || lat > 90) throw new MeiliError('invalid_search_sort', latitudeError(lat));
    if (lng < -180 || lng > 180) throw new MeiliError('invalid_search_sort', longitudeError(lng));
    return { point: [lat, lng], direction };
  }
  if (member.startsWith('_geoPoint')) throw badGeoPointUsage(expression);
  if (member === '_geo') {
    throw new MeiliError(
      'invalid_search_sort',
      "`_geo` is a reserved keyword and thus can't be used as a sort expression. Use the _geoPoint(latitude, longitude) built-in rule to sort on _geo field coordinates.",
    );
  }
  for (const name of ['_geoRadius', '_geoBoundingBox']) {
    if (member.startsWith(`${name}(`)) {
      throw new MeiliError(
        'invalid_search_sort',
        `\`${name}\` is a reserved keyword and thus can't be used as a sort expression. Use the _geoPoint(latitude, longitude) built-in rule to sort on _geo field coordinates.`,
      );
    }
  }
  if (['_geoDistance', '_geojson', '_geoPolygon'].includes(member) || member.startsWith('_geoDistance(') || member.startsWith('_geo(')) {
    throw new MeiliError('invalid_search_sort', `\`${member}\` is a reserved keyword and thus can't be used as a sort expression.`);
  }
  return undefined;
}

function badGeoPointUsage(expression: string): MeiliError {
  return new MeiliError(
    'invalid_search_sort',
    `Invalid syntax for the geo parameter: expected expression formated like \`_geoPoint(latitude, longitude)\` and ending by \`:asc\` or \`:desc\`, found \`${expression}\`.`,
  );
}

/** Rust's `str::parse::<f64>` for what a sort may hold: a plain decimal or exponent number. */
function rustParseFloat(text: string): number {
  return /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/.test(text) ? Number(text) : Number.NaN;
}

/** Meilisearch puts documents within a metre of a bucket's first distance in the same bucket, at most 1,000 of them. */
const DISTANCE_MARGIN_METRES = 1;
const MAX_BUCKET = 1000;

/**
 * Per-document sort keys for a geo sort over `candidates` (lower first): documents at the same
 * distance (within a metre) share a key, so later rules (custom_rank) order them; documents
 * without `_geo` come after all others, in either direction.
 */
export function geoSortKeys(points: GeoPoints, candidates: Int32Array, sort: GeoSort): Int32Array {
  const keys = new Int32Array(points.size).fill(2 ** 31 - 1);
  const located: { doc: number; distance: number }[] = [];
  for (const doc of candidates) if (points.has(doc)) located.push({ doc, distance: points.distance(doc, sort.point) });
  // Meilisearch orders by whole metres, then document order, and reads the list backwards for desc.
  located.sort((a, b) => Math.trunc(a.distance) - Math.trunc(b.distance) || a.doc - b.doc);
  if (sort.direction === 'desc') located.reverse();
  let bucket = 0;
  let first: number | undefined;
  let inBucket = 0;
  for (const { doc, distance } of located) {
    if (first !== undefined && (Math.abs(first - distance) > DISTANCE_MARGIN_METRES || inBucket === MAX_BUCKET)) {
      bucket++;
      first = undefined;
    }
    if (first === undefined) {
      first = distance;
      inBucket = 0;
    }
    keys[doc] = bucket;
    inBucket++;
  }
  return keys;
}

/**
 * `_geoDistance` for a hit, as Meilisearch adds it: the first sort expression that reads as
 * `_geoPoint(number, number)` gives the point; whole metres, rounded.
 */
export function geoDistanceFor(sort: readonly string[] | undefined, document: Record<string, unknown>): number | undefined {
  if (!sort) return undefined;
  for (const expression of sort) {
    const match = /_geoPoint\(\s*([\d.-]+)\s*,\s*([\d.-]+)\s*\)/.exec(expression);
    if (!match) continue;
    const point = geoPoint(document._geo);
    if (!point) return undefined;
    return Math.round(haversineMetres([Number(match[1]), Number(match[2])], point));
  }
  return undefined;
}
