import {
  followLogsAckSchema,
  logLinesMessageSchema,
  logSocketEvents,
  type FollowLogsMessage,
  type LogLine,
  type LogLinesMessage,
} from '@meridian/domain/apps/deployment-logs';
import { t } from '../../apps.texts';
import { realtimeSocket } from '../../../../shared/realtime/realtime-client';

// What the channel answers a message sent before the start message was accepted.
const notStarted = 'Unauthorized';

export interface LiveTailHandlers {
  onLines: (lines: LogLine[]) => void;
  /** The tail could not start, so following ended: in a sentence. */
  onError: (message: string) => void;
  /** The connection dropped (why, in a sentence) or came back and the tail went on (null). */
  onInterrupted: (message: string | null) => void;
}

const lineKey = (line: LogLine) => `${line.pod}\n${line.container}\n${line.text}`;

/**
 * Lines handed on so far, so that a tail asked again after a reconnection shows only what is new:
 * lines older than the newest seen are dropped, and so are those seen at its very moment.
 */
function linesSeen() {
  let newest = Number.NEGATIVE_INFINITY;
  let atNewest = new Set<string>();
  let cutoff: { at: number; keys: Set<string> } | null = null;
  return {
    fresh(lines: LogLine[]): LogLine[] {
      const kept = cutoff
        ? lines.filter((line) => {
            const at = Date.parse(line.at);
            return at > cutoff!.at || (at === cutoff!.at && !cutoff!.keys.has(lineKey(line)));
          })
        : lines;
      for (const line of kept) {
        const at = Date.parse(line.at);
        if (at > newest) [newest, atNewest] = [at, new Set()];
        if (at === newest) atNewest.add(lineKey(line));
      }
      return kept;
    },
    /** From now on, only lines after what was seen. */
    resume() {
      cutoff = { at: newest, keys: new Set(atNewest) };
    },
  };
}

/**
 * Follows a deployment's logs over the live-event socket: the tail first, then each batch of new
 * lines, until the returned function is called. A dropped connection pauses it; when the socket
 * connects again the tail is asked for again and only lines not yet shown are handed on.
 */
export function followDeploymentLogs(request: FollowLogsMessage, handlers: LiveTailHandlers) {
  const socket = realtimeSocket();
  if (!socket) {
    handlers.onError(t('apps.logs.noConnection'));
    return () => {};
  }
  let subscription: string | null = null;
  let stopped = false;
  let interrupted = false;
  const seen = linesSeen();
  const handOn = (lines: LogLine[]) => {
    const fresh = seen.fresh(lines);
    if (fresh.length > 0) handlers.onLines(fresh);
  };
  // Batches that came before the acknowledgement named their subscription (the tail may).
  const early: LogLinesMessage[] = [];
  const onBatch = (message: unknown) => {
    const parsed = logLinesMessageSchema.safeParse(message);
    if (!parsed.success) return;
    if (subscription === null && early.length < 20) early.push(parsed.data);
    if (parsed.data.subscription === subscription) handOn(parsed.data.lines);
  };
  const onAccepted = (accepted: string) => {
    subscription = accepted;
    for (const batch of early.splice(0)) {
      if (batch.subscription === subscription) handOn(batch.lines);
    }
    if (interrupted) {
      interrupted = false;
      handlers.onInterrupted(null);
    }
    // Stopped while the server was answering: let it go at once.
    if (stopped) socket.emit(logSocketEvents.unfollow, { subscription });
  };
  // Just after connecting, the socket may not have proved its session yet: asked again shortly.
  const ask = (attempt: number) =>
    socket
      .timeout(15_000)
      .emitWithAck(logSocketEvents.follow, request)
      .then((answer: unknown) => {
        const ack = followLogsAckSchema.safeParse(answer);
        if (!ack.success) return handlers.onError(t('apps.logs.followFailed'));
        if (!ack.data.ok && ack.data.message === notStarted && attempt < 3 && !stopped) {
          return void setTimeout(() => ask(attempt + 1), 1000);
        }
        if (!ack.data.ok) {
          const { message } = ack.data;
          return handlers.onError(message === notStarted ? t('apps.logs.followFailed') : message);
        }
        onAccepted(ack.data.subscription);
      })
      .catch(() => {
        if (!stopped && !interrupted) handlers.onError(t('apps.logs.followFailed'));
      });
  const onDisconnect = () => {
    if (stopped) return;
    // The server forgets a dropped socket's tails; the next connection asks again.
    subscription = null;
    early.length = 0;
    interrupted = true;
    seen.resume();
    handlers.onInterrupted(t('apps.logs.connectionLost'));
  };
  const onReconnect = () => {
    if (interrupted && !stopped) void ask(1);
  };
  socket.on(logSocketEvents.lines, onBatch);
  socket.on('disconnect', onDisconnect);
  socket.on('connect', onReconnect);
  void ask(1);
  return () => {
    stopped = true;
    socket.off(logSocketEvents.lines, onBatch);
    socket.off('disconnect', onDisconnect);
    socket.off('connect', onReconnect);
    if (subscription) socket.emit(logSocketEvents.unfollow, { subscription });
  };
}
