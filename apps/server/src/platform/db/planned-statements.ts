import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { withoutDrizzleParsers } from './pglite-parsers';

/**
 * Statements PGlite plans once. PGlite plans every query again, and for a one-row read by key
 * that is most of its time (the session lookup every console request makes: ~470 µs as a query,
 * ~230 µs as EXECUTE of a PREPAREd statement). A registered statement is PREPAREd on first use and
 * then run as `EXECUTE name('literal', …)`: the same columns come back, so drizzle maps the rows
 * as before. PostgreSQL needs none of this: drizzle's named `.prepare()` plans once per connection.
 */
export interface StatementPlanner {
  /** The PGlite to give drizzle: registered statements run prepared, everything else unchanged. */
  client: PGlite;
  /** Runs this SQL text (as drizzle renders it, `$1`…) prepared from now on, under `name`. */
  planOnce(name: string, text: string): void;
}

type Parameter = string | number | boolean | null | undefined;

/** A value EXECUTE can take as a literal exactly as a text-format bind would send it. */
function isLiteral(value: unknown): value is Parameter {
  return value === null || ['string', 'number', 'boolean', 'undefined'].includes(typeof value);
}

const literal = (value: Parameter) =>
  value === null || value === undefined ? 'NULL' : pg.escapeLiteral(String(value));

export function createStatementPlanner(target: PGlite): StatementPlanner {
  const names = new Map<string, string>();
  // Per name: whether PREPARE worked (false: that statement stays an ordinary query).
  const prepared = new Map<string, Promise<boolean>>();

  function prepare(name: string, text: string): Promise<boolean> {
    let done = prepared.get(name);
    if (!done) {
      done = target.exec(`PREPARE ${name} AS ${text}`).then(
        () => true,
        () => false,
      );
      prepared.set(name, done);
    }
    return done;
  }

  const query: PGlite['query'] = async (text, params, options) => {
    const name = names.get(text);
    if (name && (params ?? []).every(isLiteral) && (await prepare(name, text))) {
      const values = (params ?? []) as Parameter[];
      const call =
        values.length > 0
          ? `EXECUTE ${name}(${values.map(literal).join(', ')})`
          : `EXECUTE ${name}`;
      return target.query(call, [], withoutDrizzleParsers(options));
    }
    return target.query(text, params, withoutDrizzleParsers(options));
  };

  const client = new Proxy(target, {
    get(object, property) {
      if (property === 'query') return query;
      const value: unknown = Reflect.get(object, property, object);
      // PGlite's methods use private fields, so they run on the PGlite itself, not this proxy.
      return typeof value === 'function' ? value.bind(object) : value;
    },
  });

  return {
    client,
    planOnce(name, text) {
      if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Not a statement name: ${name}`);
      names.set(text, name);
    },
  };
}
