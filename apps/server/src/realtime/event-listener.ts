import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { DatabaseDriver } from '../db/database';
import { eventChannel } from '../modules/event/event.service';

/** A subscription to the `meridian_events` channel; `close` ends it. */
export interface EventListener {
  close(): Promise<void>;
}

export interface ListenOptions {
  driver: DatabaseDriver;
  /** Called with the id of each committed event, in the order Postgres delivers them. */
  onEventId: (id: string) => void;
  logger: FastifyBaseLogger;
}

/**
 * LISTENs on the channel recordEvent NOTIFYs on. PGlite delivers notifications to its own
 * client; on PostgreSQL a dedicated connection (outside the pool) listens and reconnects when it
 * drops. Events committed while it is disconnected are not pushed: clients still see them on
 * their next fetch.
 */
export async function listenForEvents(options: ListenOptions): Promise<EventListener> {
  const { driver, onEventId } = options;
  if (driver.kind === 'pglite') {
    const unlisten = await driver.client.listen(eventChannel, (payload) => {
      if (payload) onEventId(payload);
    });
    return {
      close: async () => {
        if (!driver.client.closed) await unlisten();
      },
    };
  }
  const listener = new PostgresListener(driver.url, options);
  await listener.connect();
  return listener;
}

const reconnectDelayMs = { initial: 500, max: 30_000 };

class PostgresListener implements EventListener {
  #client: pg.Client | undefined;
  #closed = false;
  #retryTimer: NodeJS.Timeout | undefined;
  #retryDelayMs = reconnectDelayMs.initial;

  constructor(
    private readonly url: string,
    private readonly options: ListenOptions,
  ) {}

  async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url });
    this.#client = client;
    client.on('notification', ({ channel, payload }) => {
      if (channel === eventChannel && payload) this.options.onEventId(payload);
    });
    client.on('error', (error) => {
      this.options.logger.warn({ err: error }, 'event listener connection failed');
      this.#dropped(client);
    });
    client.on('end', () => this.#dropped(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${eventChannel}`);
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
        () => this.options.logger.info('event listener reconnected'),
        (error: unknown) => {
          this.options.logger.warn({ err: error }, 'event listener could not reconnect');
          if (!this.#closed) this.#scheduleReconnect();
        },
      );
    }, delay);
    this.#retryTimer.unref();
  }
}
