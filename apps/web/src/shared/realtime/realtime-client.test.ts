import { beforeEach, describe, expect, it, vi } from 'vitest';

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
    socket.handlers.get('meridian event')!({ uuid: 'e1' });
    expect(onEvent).toHaveBeenCalledWith({ uuid: 'e1' });
    close();
    expect(socket.disconnected).toBe(true);
    expect(isRealtimeConnected()).toBe(false);
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
