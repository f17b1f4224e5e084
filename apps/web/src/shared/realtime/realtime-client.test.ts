import { beforeEach, describe, expect, it, vi } from 'vitest';
import { notificationEventFixture } from '../testing/api-fixtures';

type Handler = (...args: unknown[]) => void;

const sockets: FakeSocket[] = [];

class FakeSocket {
  handlers = new Map<string, Handler>();
  emitted: [string, unknown][] = [];
  acks: Handler[] = [];
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
  emit(name: string, payload: unknown, ack?: Handler) {
    this.emitted.push([name, payload]);
    if (ack) this.acks.push(ack);
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
  const onSubscribed = vi.fn();
  beforeEach(() => {
    sockets.length = 0;
    onSubscribed.mockReset();
  });

  it('connects on the event path with the reconnection policy and starts the events', () => {
    const onEvent = vi.fn();
    const close = connectRealtime({ token: 'tok', userId: 'u1' }, { onEvent, onSubscribed });
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

  it('says when the server has joined the socket to the events, on each connect and only then', () => {
    connectRealtime({ token: 'tok', userId: 'u1' }, { onEvent: vi.fn(), onSubscribed });
    const socket = sockets[0]!;
    socket.handlers.get('connect')!();
    expect(onSubscribed).not.toHaveBeenCalled();
    socket.acks[0]!({ status: 'error', message: 'Unauthorized' });
    expect(onSubscribed).not.toHaveBeenCalled();
    // A reconnect starts the events again; pushes sent while it was away are lost.
    socket.handlers.get('connect')!();
    socket.acks[1]!({ status: 'success' });
    expect(onSubscribed).toHaveBeenCalledTimes(1);
  });

  it('drops, and logs, a pushed event the console cannot read', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const onEvent = vi.fn();
    connectRealtime({ token: 'tok', userId: 'u1' }, { onEvent, onSubscribed });
    sockets[0]!.handlers.get('meridian event')!({ uuid: 'e1' });
    expect(onEvent).not.toHaveBeenCalled();
    expect(log).toHaveBeenCalledWith('Unexpected meridian event message', expect.any(Array));
  });

  it('keeps at most one connection', () => {
    connectRealtime({ token: 'a', userId: 'u' }, { onEvent: vi.fn(), onSubscribed });
    const closeSecond = connectRealtime(
      { token: 'b', userId: 'u' },
      { onEvent: vi.fn(), onSubscribed },
    );
    expect(sockets[0]!.disconnected).toBe(true);
    expect(sockets[1]!.disconnected).toBe(false);
    closeSecond();
    expect(sockets[1]!.disconnected).toBe(true);
  });
});
