import { beforeEach, describe, expect, it, vi } from 'vitest';
import { notificationEventFixture } from '../testing/api-fixtures';

type Handler = (...args: unknown[]) => void;

const sockets: FakeSocket[] = [];

class FakeSocket {
  handlers = new Map<string, Handler>();
  emitted: [string, unknown][] = [];
  disconnected = false;
  constructor(
    readonly url: string | undefined,
    readonly options: Record<string, unknown>,
  ) {
    sockets.push(this);
  }
  on(name: string, handler: Handler) {
    this.handlers.set(name, handler);
    return this;
  }
  emit(name: string, payload: unknown) {
    this.emitted.push([name, payload]);
    return this;
  }
  removeAllListeners() {
    this.handlers.clear();
    return this;
  }
  disconnect() {
    this.disconnected = true;
    return this;
  }
}

vi.mock('socket.io-client', () => ({
  io: (url: string | undefined, options: Record<string, unknown>) => new FakeSocket(url, options),
}));

// Files share a worker's modules (vitest.config.ts): drop the real socket.io client's copy.
vi.resetModules();
const { connectRealtime, isRealtimeConnected } = await import('./realtime-client');

describe('realtime client', () => {
  beforeEach(() => {
    sockets.length = 0;
  });

  it('connects on the event path with the reconnection policy and starts the events', () => {
    const onEvent = vi.fn();
    const close = connectRealtime({ token: 'tok', userId: 'u1' }, onEvent);
    const socket = sockets[0]!;
    expect(socket.options).toMatchObject({
      path: '/event/client/socket.io/',
      reconnectionAttempts: 10,
      reconnectionDelay: 1000,
      reconnectionDelayMax: 5000,
    });
    socket.handlers.get('connect')!();
    expect(socket.emitted).toEqual([
      ['start_meridian_events', { disablePortalEvents: true, token: 'tok', userId: 'u1' }],
    ]);
    const event = notificationEventFixture();
    socket.handlers.get('meridian event')!(event);
    expect(onEvent).toHaveBeenCalledWith(event);
    close();
    expect(socket.disconnected).toBe(true);
    expect(isRealtimeConnected()).toBe(false);
  });

  it('drops, and logs, a pushed event the console cannot read', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const onEvent = vi.fn();
    connectRealtime({ token: 'tok', userId: 'u1' }, onEvent);
    sockets[0]!.handlers.get('meridian event')!({ uuid: 'e1' });
    expect(onEvent).not.toHaveBeenCalled();
    expect(log).toHaveBeenCalledWith('Unexpected meridian event message', expect.any(Array));
  });

  it('keeps at most one connection', () => {
    connectRealtime({ token: 'a', userId: 'u' }, vi.fn());
    const closeSecond = connectRealtime({ token: 'b', userId: 'u' }, vi.fn());
    expect(sockets[0]!.disconnected).toBe(true);
    expect(sockets[1]!.disconnected).toBe(false);
    closeSecond();
    expect(sockets[1]!.disconnected).toBe(true);
  });
});
