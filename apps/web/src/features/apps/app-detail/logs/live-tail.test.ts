import { beforeEach, describe, expect, it, vi } from 'vitest';

type Handler = (message: unknown) => void;

class FakeSocket {
  handlers = new Map<string, Handler>();
  emitted: [string, unknown][] = [];
  answers: unknown[] = [];
  tail: unknown = { subscription: 's1', lines: [line('tail')] };
  on(name: string, handler: Handler) {
    this.handlers.set(name, handler);
    return this;
  }
  off(name: string) {
    this.handlers.delete(name);
    return this;
  }
  emit(name: string, payload: unknown) {
    this.emitted.push([name, payload]);
    return this;
  }
  timeout() {
    return {
      emitWithAck: async (name: string, payload: unknown) => {
        this.emitted.push([name, payload]);
        // The server's tail may come before its acknowledgement is read.
        this.handlers.get('logs lines')?.(this.tail);
        return this.answers.shift();
      },
    };
  }
}

let socket: FakeSocket | null = null;
vi.mock('../../../../shared/realtime/realtime-client', () => ({ realtimeSocket: () => socket }));
// Files share a worker's modules (vitest.config.ts): load live-tail afresh, on the mocked socket.
vi.resetModules();
const { followDeploymentLogs } = await import('./live-tail');

const line = (text: string, at = '2026-11-26T14:00:00.000Z') => ({
  at,
  pod: 'p',
  container: 'c',
  text,
});

describe('following a deployment’s logs over the socket', () => {
  beforeEach(() => {
    socket = new FakeSocket();
  });

  it('hands on its own subscription’s batches, the early tail too, and unfollows when stopped', async () => {
    socket!.answers.push({ ok: true, subscription: 's1' });
    const onLines = vi.fn();
    const stop = followDeploymentLogs(
      { deployment_uuid: 'd-1', tail: 5 },
      { onLines, onError: vi.fn(), onInterrupted: vi.fn() },
    );
    expect(socket!.emitted[0]).toEqual(['logs follow', { deployment_uuid: 'd-1', tail: 5 }]);
    await vi.waitFor(() => expect(onLines).toHaveBeenCalledWith([line('tail')]));
    socket!.handlers.get('logs lines')?.({ subscription: 's1', lines: [line('new')] });
    socket!.handlers.get('logs lines')?.({ subscription: 'other', lines: [line('not mine')] });
    expect(onLines.mock.calls).toEqual([[[line('tail')]], [[line('new')]]]);
    stop();
    expect(socket!.emitted.at(-1)).toEqual(['logs unfollow', { subscription: 's1' }]);
    expect(socket!.handlers.has('logs lines')).toBe(false);
  });

  it('says why it could not follow', async () => {
    socket!.answers.push({ ok: false, message: 'Deployment not found' });
    const onError = vi.fn();
    followDeploymentLogs(
      { deployment_uuid: 'd-1' },
      { onLines: vi.fn(), onError, onInterrupted: vi.fn() },
    );
    await vi.waitFor(() => expect(onError).toHaveBeenCalledWith('Deployment not found'));
  });

  it('pauses when the connection drops and goes on after it, handing on only new lines', async () => {
    socket!.answers.push({ ok: true, subscription: 's1' });
    const onLines = vi.fn();
    const onInterrupted = vi.fn();
    followDeploymentLogs({ deployment_uuid: 'd-1' }, { onLines, onError: vi.fn(), onInterrupted });
    await vi.waitFor(() => expect(onLines).toHaveBeenCalledWith([line('tail')]));
    socket!.handlers.get('disconnect')?.(undefined);
    expect(onInterrupted).toHaveBeenLastCalledWith(
      'The connection dropped. Following goes on by itself once it is back, with the lines written meanwhile.',
    );
    // The new connection's tail repeats what was shown, then what was written meanwhile.
    socket!.answers.push({ ok: true, subscription: 's2' });
    const meanwhile = line('meanwhile', '2026-11-26T14:00:01.000Z');
    socket!.tail = {
      subscription: 's2',
      lines: [line('older', '2026-11-26T13:59:59.000Z'), line('tail'), meanwhile],
    };
    socket!.handlers.get('connect')?.(undefined);
    await vi.waitFor(() => expect(onInterrupted).toHaveBeenLastCalledWith(null));
    expect(onLines.mock.calls).toEqual([[[line('tail')]], [[meanwhile]]]);
    socket!.handlers.get('logs lines')?.({ subscription: 's1', lines: [line('old subscription')] });
    socket!.handlers.get('logs lines')?.({
      subscription: 's2',
      lines: [line('next', '2026-11-26T14:00:02.000Z')],
    });
    expect(onLines).toHaveBeenCalledTimes(3);
  });

  it('says so without a live connection', () => {
    socket = null;
    const onError = vi.fn();
    followDeploymentLogs(
      { deployment_uuid: 'd-1' },
      { onLines: vi.fn(), onError, onInterrupted: vi.fn() },
    );
    expect(onError.mock.calls[0]?.[0]).toMatch(/^Live updates are not connected/);
  });
});
