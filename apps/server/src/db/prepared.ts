import type { DbOrTx } from './client.ts';

const statements = new WeakMap<DbOrTx, Map<string, unknown>>();

/**
 * A Drizzle statement built once per database handle and name, its values given as placeholders at
 * each run: building a select costs more CPU than running it on a warm connection (issue 8
 * bench:search and bench:booking, where building statements was a fifth of the server's time), and
 * PostgreSQL parses and plans a named statement once per connection. A transaction's handle gets
 * statements of its own, so use it for statements that run outside transactions, often.
 * @param db - the handle the statement runs on
 * @param name - the statement's name in PostgreSQL (at most 63 bytes), one per SQL text
 * @param build - builds the statement, ending in `.prepare(name)`
 */
export function preparedStatement<T>(db: DbOrTx, name: string, build: (name: string) => T): T {
  if (name.length > 63) {
    throw new Error(`prepared statement name over 63 bytes: ${name}`);
  }
  let byName = statements.get(db);
  if (!byName) {
    byName = new Map();
    statements.set(db, byName);
  }
  let statement = byName.get(name) as T | undefined;
  if (statement === undefined) {
    statement = build(name);
    byName.set(name, statement);
  }
  return statement;
}

/**
 * The name of a statement built for one set of optional filters: the prefix and the set as a bit
 * mask over every filter the statement knows (PostgreSQL names are short, so not the filters' names).
 * @param prefix - what the statement is, e.g. 'session_search'
 * @param all - every filter, in a fixed order
 * @param used - the filters this statement has
 */
export function filterSetName<T>(prefix: string, all: readonly T[], used: readonly T[]): string {
  return `${prefix}_${used.reduce((bits, part) => bits | (1 << all.indexOf(part)), 0)}`;
}
