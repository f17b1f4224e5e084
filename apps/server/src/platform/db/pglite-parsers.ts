import { types, type PGlite, type QueryOptions } from '@electric-sql/pglite';

/**
 * The types drizzle reads as the text PostgreSQL sends (its column mappers make the values):
 * timestamps, intervals, dates, and the arrays of those and of numerics. drizzle says so with an
 * identity parser per type on every query, and PGlite then copies its whole parser table (about
 * 370 entries) to merge them: a quarter of the server's CPU on a one-row read (docs/scale.md
 * "The embedded default while the rounds run"). So they are set once on the PGlite instead.
 */
const textTypes: readonly number[] = [
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
];

const asText = (value: string) => value;

/** From now on the PGlite reads drizzle's text types as text for every caller. */
export function readDrizzleTypesAsText(client: PGlite): void {
  for (const type of textTypes) client.parsers[type] = asText;
}

/**
 * A query's options without drizzle's identity parsers, which the PGlite already applies; any
 * other parsers are kept.
 */
export function withoutDrizzleParsers(options: QueryOptions | undefined): QueryOptions | undefined {
  if (!options?.parsers) return options;
  const own = Object.keys(options.parsers).map(Number);
  if (!own.every((type) => textTypes.includes(type))) return options;
  const { parsers: _applied, ...rest } = options;
  return rest;
}

/**
 * PGlite's own parsers for the scalar text types (Dates from timestamps and dates): what callers
 * written for node-postgres, pg-boss, expect back.
 */
export const nodePostgresParsers: NonNullable<QueryOptions['parsers']> = Object.fromEntries(
  [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE].map((type) => [
    type,
    types.parsers[type] ?? asText,
  ]),
);
