import {
  followLogsAckSchema,
  logLinesMessageSchema,
  logSocketEvents,
  type FollowLogsMessage,
  type LogLine,
  type LogLinesMessage,
} from '@meridian/domain/apps/deployment-logs';
import { t } from '../../../../shared/i18n/translate';
import { realtimeSocket } from '../../../../shared/realtime/realtime-client';

// What the channel answers a message sent before the start message was accepted.
const notStarted = 'Unauthorized';

export interface LiveTailHandlers {
  onLines: (lines: LogLine[]) => void;
  /** The tail could not start, or stopped: in a sentence. */
  onError: (message: string) => void;
}

/**
 * Follows a deployment's logs over the live-event socket: the tail first, then each batch of new
 * lines, until the returned function is called or the connection drops.
 */
export function followDeploymentLogs(request: FollowLogsMessage, handlers: LiveTailHandlers) {
  const socket = realtimeSocket();
  if (!socket) {
    handlers.onError(t('apps.logs.noConnection'));
    return () => {};
  }
  let subscription: string | null = null;
  let stopped = false;
  // Batches that came before the acknowledgement named their subscription (the tail may).
  const early: LogLinesMessage[] = [];
  const onBatch = (message: unknown) => {
    const parsed = logLinesMessageSchema.safeParse(message);
    if (!parsed.success) return;
    if (subscription === null && early.length < 20) early.push(parsed.data);
    if (parsed.data.subscription === subscription) handlers.onLines(parsed.data.lines);
  };
  const onDisconnect = () => {
    if (!stopped) handlers.onError(t('apps.logs.connectionLost'));
  };
  socket.on(logSocketEvents.lines, onBatch);
  socket.on('disconnect', onDisconnect);
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
        subscription = ack.data.subscription;
        for (const batch of early.splice(0)) {
          if (batch.subscription === subscription) handlers.onLines(batch.lines);
        }
        // Stopped while the server was answering: let it go at once.
        if (stopped) socket.emit(logSocketEvents.unfollow, { subscription });
      })
      .catch(() => {
        if (!stopped) handlers.onError(t('apps.logs.followFailed'));
      });
  void ask(1);
  return () => {
    stopped = true;
    socket.off(logSocketEvents.lines, onBatch);
    socket.off('disconnect', onDisconnect);
    if (subscription) socket.emit(logSocketEvents.unfollow, { subscription });
  };
}
