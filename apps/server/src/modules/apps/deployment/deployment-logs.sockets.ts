import { randomUUID } from 'node:crypto';
import {
  deploymentLogMessages,
  followLogsMessageSchema,
  logSocketEvents,
  logTailLimits,
  maxFollowsPerSocket,
  unfollowLogsMessageSchema,
  type FollowLogsAck,
  type LogLine,
  type LogLinesMessage,
} from '@meridian/domain/apps/deployment-logs';
import { DomainError } from '../../../platform/http/errors';
import type { Realtime, SocketPeer } from '../../../platform/realtime/realtime';
import type { AppsContext } from '../apps-context';
import {
  LogsUnavailableError,
  readTargetLogs,
  resolveLogTarget,
  type LogTarget,
} from './deployment-logs.service';

export interface LogHubOptions {
  /** New lines are sent in batches this often (about 100 ms). */
  batchMs?: number;
  maxFollowsPerSocket?: number;
  /** The wait before an upstream that ended or failed is opened again. */
  retryMs?: number;
}

interface Follower {
  peer: SocketPeer;
  subscription: string;
  /** Lines at or before this were in the follower's first tail. */
  since: string;
}

/** One stream from the cluster, shared by every follower of the same deployment's location. */
interface Upstream {
  target: LogTarget;
  followers: Map<string, Follower>;
  controller: AbortController;
  pending: LogLine[];
  flushTimer: NodeJS.Timeout | undefined;
  retryTimer: NodeJS.Timeout | undefined;
  lastAt: string;
}

/**
 * The live tail (docs/deployment-lifecycle.md "Logs"): `logs follow` answers with a subscription,
 * then `logs lines` batches; `logs unfollow` or the socket's end stops it. Followers of the same
 * location share one upstream follow, so fifty of them cost the cluster one stream.
 */
export class LogHub {
  private readonly upstreams = new Map<string, Upstream>();
  /** Socket id → its subscriptions → the upstream key each is on. */
  private readonly sockets = new Map<string, Map<string, string>>();
  private readonly batchMs: number;
  private readonly maxFollows: number;
  private readonly retryMs: number;

  constructor(
    private readonly context: Pick<AppsContext, 'db' | 'drivers' | 'secrets'>,
    options: LogHubOptions = {},
  ) {
    this.batchMs = options.batchMs ?? 100;
    this.maxFollows = options.maxFollowsPerSocket ?? maxFollowsPerSocket;
    this.retryMs = options.retryMs ?? 1000;
  }

  /** Streams open to clusters now (one per followed location). */
  get upstreamCount(): number {
    return this.upstreams.size;
  }

  async follow(peer: SocketPeer, message: unknown): Promise<FollowLogsAck> {
    const parsed = followLogsMessageSchema.safeParse(message);
    if (!parsed.success) {
      return {
        ok: false,
        message: parsed.error.issues[0]?.message ?? deploymentLogMessages.badFollow,
      };
    }
    const mine = this.sockets.get(peer.id) ?? new Map<string, string>();
    if (mine.size >= this.maxFollows)
      return { ok: false, message: deploymentLogMessages.tooManyFollows };
    const { deployment_uuid, location, tail = logTailLimits.default } = parsed.data;
    let target: LogTarget;
    let first: LogLine[];
    try {
      target = await resolveLogTarget(this.context, peer.userId, deployment_uuid, location);
      first = await readTargetLogs(target, { tail });
    } catch (error) {
      if (error instanceof DomainError || error instanceof LogsUnavailableError) {
        return { ok: false, message: error.message };
      }
      throw error;
    }
    const subscription = randomUUID();
    const follower = { peer, subscription, since: first.at(-1)?.at ?? new Date().toISOString() };
    if (!this.sockets.has(peer.id)) {
      this.sockets.set(peer.id, mine);
      peer.onClose(() => this.dropSocket(peer.id));
    }
    mine.set(subscription, target.deploymentId);
    this.join(target, follower);
    // After the acknowledgement, which names the subscription these lines belong to.
    setTimeout(() => this.emit(follower, first), 0);
    return { ok: true, subscription };
  }

  async unfollow(peer: SocketPeer, message: unknown): Promise<{ ok: boolean }> {
    const parsed = unfollowLogsMessageSchema.safeParse(message);
    if (!parsed.success) return { ok: false };
    return { ok: this.leave(peer.id, parsed.data.subscription) };
  }

  /** Stops every upstream (the server is closing). */
  close(): void {
    for (const key of [...this.upstreams.keys()]) this.stopUpstream(key);
    this.sockets.clear();
  }

  private join(target: LogTarget, follower: Follower): void {
    const key = target.deploymentId;
    let upstream = this.upstreams.get(key);
    if (!upstream) {
      upstream = {
        target,
        followers: new Map(),
        controller: new AbortController(),
        pending: [],
        flushTimer: undefined,
        retryTimer: undefined,
        lastAt: follower.since,
      };
      this.upstreams.set(key, upstream);
      this.open(upstream);
    }
    upstream.followers.set(follower.subscription, follower);
  }

  /** Follows the cluster from the last line seen; opens again after a pause when it ends. */
  private open(upstream: Upstream): void {
    const { target, controller } = upstream;
    const following = target.driver.followLogs(
      target.spec,
      target.workload,
      { tail: 1, sinceTime: upstream.lastAt },
      (lines) => this.receive(upstream, lines),
      controller.signal,
    );
    const reopen = () => {
      if (controller.signal.aborted) return;
      upstream.retryTimer = setTimeout(() => this.open(upstream), this.retryMs);
      upstream.retryTimer.unref();
    };
    following.then(reopen, reopen);
  }

  private receive(upstream: Upstream, lines: LogLine[]): void {
    // The cluster's sinceTime may repeat the last line seen (it counts whole seconds).
    const fresh = lines.filter((line) => line.at > upstream.lastAt);
    if (fresh.length === 0) return;
    upstream.pending.push(...fresh);
    upstream.flushTimer ??= setTimeout(() => this.flush(upstream), this.batchMs);
  }

  private flush(upstream: Upstream): void {
    upstream.flushTimer = undefined;
    const batch = upstream.pending.sort((a, b) => a.at.localeCompare(b.at));
    upstream.pending = [];
    upstream.lastAt = batch.at(-1)?.at ?? upstream.lastAt;
    for (const follower of upstream.followers.values()) this.send(follower, batch);
  }

  private send(follower: Follower, lines: LogLine[]): void {
    // Lines already in the follower's first tail are not sent again.
    const fresh =
      lines.length > 0 && lines[0]!.at > follower.since
        ? lines
        : lines.filter((line) => line.at > follower.since);
    if (fresh.length > 0) this.emit(follower, fresh);
  }

  private emit(follower: Follower, lines: LogLine[]): void {
    const message: LogLinesMessage = { subscription: follower.subscription, lines };
    follower.peer.emit(logSocketEvents.lines, message);
  }

  private leave(socketId: string, subscription: string): boolean {
    const key = this.sockets.get(socketId)?.get(subscription);
    if (key === undefined) return false;
    this.sockets.get(socketId)?.delete(subscription);
    const upstream = this.upstreams.get(key);
    upstream?.followers.delete(subscription);
    if (upstream && upstream.followers.size === 0) this.stopUpstream(key);
    return true;
  }

  private dropSocket(socketId: string): void {
    for (const subscription of [...(this.sockets.get(socketId)?.keys() ?? [])]) {
      this.leave(socketId, subscription);
    }
    this.sockets.delete(socketId);
  }

  private stopUpstream(key: string): void {
    const upstream = this.upstreams.get(key);
    if (!upstream) return;
    this.upstreams.delete(key);
    upstream.controller.abort();
    clearTimeout(upstream.flushTimer);
    clearTimeout(upstream.retryTimer);
  }
}

/** Adds `logs follow` and `logs unfollow` to the realtime channel; the hub stops with the app. */
export function registerDeploymentLogSockets(
  realtime: Pick<Realtime, 'onSocketMessage'>,
  context: Pick<AppsContext, 'db' | 'drivers' | 'secrets'>,
  options?: LogHubOptions,
): LogHub {
  const hub = new LogHub(context, options);
  realtime.onSocketMessage(logSocketEvents.follow, (peer, message) => hub.follow(peer, message));
  realtime.onSocketMessage(logSocketEvents.unfollow, (peer, message) =>
    hub.unfollow(peer, message),
  );
  return hub;
}
