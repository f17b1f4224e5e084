import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database, DatabaseDriver } from '../db/database';

/**
 * The one change-propagation path (docs/architecture.md, "How a change travels"): a state change
 * announces itself with NOTIFY on one channel, in its own transaction, so it is heard only if it
 * commits; every process LISTENs once and hands each change to whoever subscribed to its topic.
 */
export const changesChannel = 'meridian_changes';

const changeSchema = z.discriminatedUnion('topic', [
  /** A notification event was written (its id): pushed to its owner's sockets. */
  z.object({ topic: z.literal('event'), id: z.uuid() }),
  /** Zones, records or deployment names changed (database triggers): DNS reloads. */
  z.object({ topic: z.literal('dns') }),
  /** A user's session ended (logout): that user's sockets are checked again at once. */
  z.object({ topic: z.literal('session'), userId: z.uuid() }),
]);

export type Change = z.infer<typeof changeSchema>;
export type ChangeTopic = Change['topic'];

/** Announces `change` inside `tx`: listeners hear it once the transaction commits. */
export async function announceChange(tx: Database, change: Change): Promise<void> {
  await tx.execute(sql`SELECT pg_notify(${changesChannel}, ${JSON.stringify(change)})`);
}

type Handler<T extends ChangeTopic> = (change: Extract<Change, { topic: T }>) => void;

export interface ChangeFeed {
  /** Calls `handler` for each committed change of `topic`; answers the unsubscribe. */
  subscribe<T extends ChangeTopic>(topic: T, handler: Handler<T>): () => void;
  /**
   * Called after the listening connection came back: changes in between were missed, so
   * subscribers reload what they hold.
   */
  onResync(handler: () => void): () => void;
  close(): Promise<void>;
}

/** Starts listening on the changes channel: PGlite in-process, PostgreSQL on its own connection. */
export async function startChangeFeed(
  driver: DatabaseDriver,
  logger: FastifyBaseLogger,
): Promise<ChangeFeed> {
  const handlers = new Map<ChangeTopic, Set<(change: Change) => void>>();
  const resyncs = new Set<() => void>();
  const deliver = (payload: string) => {
    let parsed;
    try {
      parsed = changeSchema.safeParse(JSON.parse(payload));
    } catch {
      parsed = undefined;
    }
    if (!parsed?.success) return void logger.warn({ payload }, 'unreadable change announced');
    for (const handler of handlers.get(parsed.data.topic) ?? []) handler(parsed.data);
  };
  const listener =
    driver.kind === 'pglite'
      ? await listenInProcess(driver.client, deliver)
      : await PostgresListener.start(driver.url, deliver, logger, () => {
          for (const resync of resyncs) resync();
        });
  return {
    subscribe(topic, handler) {
      const set = handlers.get(topic) ?? new Set();
      set.add(handler as (change: Change) => void);
      handlers.set(topic, set);
      return () => set.delete(handler as (change: Change) => void);
    },
    onResync(handler) {
      resyncs.add(handler);
      return () => resyncs.delete(handler);
    },
    close: () => listener.close(),
  };
}

async function listenInProcess(
  client: Extract<DatabaseDriver, { kind: 'pglite' }>['client'],
  deliver: (payload: string) => void,
): Promise<{ close(): Promise<void> }> {
  const unlisten = await client.listen(changesChannel, (payload) => {
    if (payload) deliver(payload);
  });
  return {
    close: async () => {
      if (!client.closed) await unlisten();
    },
  };
}

const reconnectDelayMs = { initial: 500, max: 30_000 };

/** A dedicated PostgreSQL connection (outside the pool) that LISTENs and reconnects. */
class PostgresListener {
  #client: pg.Client | undefined;
  #closed = false;
  #retryTimer: NodeJS.Timeout | undefined;
  #retryDelayMs = reconnectDelayMs.initial;

  private constructor(
    private readonly url: string,
    private readonly deliver: (payload: string) => void,
    private readonly logger: FastifyBaseLogger,
    private readonly resync: () => void,
  ) {}

  static async start(
    url: string,
    deliver: (payload: string) => void,
    logger: FastifyBaseLogger,
    resync: () => void,
  ): Promise<PostgresListener> {
    const listener = new PostgresListener(url, deliver, logger, resync);
    await listener.connect();
    return listener;
  }

  async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url });
    this.#client = client;
    client.on('notification', ({ channel, payload }) => {
      if (channel === changesChannel && payload) this.deliver(payload);
    });
    client.on('error', (error) => {
      this.logger.warn({ err: error }, 'change feed connection failed');
      this.#dropped(client);
    });
    client.on('end', () => this.#dropped(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${changesChannel}`);
    } catch (error) {
      if (this.#client === client) this.#client = undefined;
      await client.end().catch(() => {});
      throw error;
    }
    this.#retryDelayMs = reconnectDelayMs.initial;
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#retryTimer);
    const client = this.#client;
    this.#client = undefined;
    await client?.end().catch(() => {});
  }

  #dropped(client: pg.Client): void {
    if (this.#closed || this.#client !== client) return;
    this.#client = undefined;
    void client.end().catch(() => {});
    this.#scheduleReconnect();
  }

  #scheduleReconnect(): void {
    const delay = this.#retryDelayMs;
    this.#retryDelayMs = Math.min(delay * 2, reconnectDelayMs.max);
    this.#retryTimer = setTimeout(() => {
      if (this.#closed) return;
      this.connect().then(
        () => {
          this.logger.info('change feed reconnected');
          this.resync();
        },
        (error: unknown) => {
          this.logger.warn({ err: error }, 'change feed could not reconnect');
          if (!this.#closed) this.#scheduleReconnect();
        },
      );
    }, delay);
    this.#retryTimer.unref();
  }
}
