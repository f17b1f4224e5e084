import dgram from 'node:dgram';
import dnsPacket from 'dns-packet';
import { sleep } from './dns-attacks';
import { printTable } from './figures';

/*
 * Amplification: what a spoofed flood of UDP queries draws from the responder, in bytes, against
 * what it costs the attacker. Rate limiting answers the first few in full, then drops most and
 * slips the rest truncated (TC: as small as the query).
 */

export interface Amplification {
  queries: number;
  bytesIn: number;
  /** Answers with their records (not truncated). */
  answered: number;
  /** Truncated answers without records: rate limiting's slips. */
  slipped: number;
  /** Queries never answered. */
  dropped: number;
  bytesOut: number;
  /** bytesOut / bytesIn. */
  factor: number;
  /** One full answer over its query: the factor without rate limiting. */
  unlimitedFactor: number;
  /** From the first query sent to the last answer counted. */
  seconds: number;
}

/** An EDNS query as an amplifier sends it: the largest answer UDP may carry. */
export function ednsQuery(name: string, type: dnsPacket.RecordType, id: number): Buffer {
  return dnsPacket.encode({
    type: 'query',
    id,
    flags: dnsPacket.RECURSION_DESIRED,
    questions: [{ type, name, class: 'IN' }],
    additionals: [
      {
        type: 'OPT',
        name: '.',
        udpPayloadSize: 4096,
        extendedRcode: 0,
        ednsVersion: 0,
        flags: 0,
        flag_do: false,
        options: [],
      },
    ],
  });
}

/**
 * Sends `count` copies of `message` from `from`, `perTick` at a time every `tickMs`, and tallies
 * the answers. `fullAnswerBytes` is the size of the answer unlimited (asked over TCP). `probe`,
 * asked from another prefix once all is sent, must be answered: the responder serves in arrival
 * order, so then every answer to the flood is on its way.
 */
export async function measureAmplification(options: {
  port: number;
  from: string;
  message: Buffer;
  count: number;
  perTick: number;
  tickMs: number;
  fullAnswerBytes: number;
  probe: () => Promise<boolean>;
}): Promise<Amplification> {
  const { port, from, message, count, perTick, tickMs } = options;
  const socket = dgram.createSocket('udp4');
  const answers: Buffer[] = [];
  socket.on('message', (answer) => answers.push(answer));
  await new Promise<void>((resolve) => socket.bind(0, from, resolve));
  const started = performance.now();
  for (let sent = 0; sent < count; sent += perTick) {
    const batch = Math.min(perTick, count - sent);
    await Promise.all(
      Array.from(
        { length: batch },
        () => new Promise((resolve) => socket.send(message, port, '127.0.0.1', resolve)),
      ),
    );
    if (sent + batch < count) await sleep(tickMs);
  }
  if (!(await options.probe())) throw new Error('the probe from another prefix was not answered');
  // Answers already queued to the socket are read a few dozen per turn of the event loop.
  for (let seen = -1; seen !== answers.length;) {
    seen = answers.length;
    await new Promise((resolve) => setImmediate(resolve));
  }
  const seconds = (performance.now() - started) / 1000;
  socket.close();
  const slipped = answers.filter((answer) => answer.length >= 4 && answer[2]! & 0x02).length;
  const bytesIn = count * message.length;
  const bytesOut = answers.reduce((sum, answer) => sum + answer.length, 0);
  return {
    queries: count,
    bytesIn,
    answered: answers.length - slipped,
    slipped,
    dropped: count - answers.length,
    bytesOut,
    factor: bytesOut / bytesIn,
    unlimitedFactor: options.fullAnswerBytes / message.length,
    seconds,
  };
}

/** Prints the floods' bytes as one table (collected into the run's summary). */
export function printAmplifications(floods: readonly (readonly [string, Amplification])[]): void {
  const header = ['flood', 'queries', 'bytes in', 'answered', 'slipped (TC)', 'dropped'];
  const lines = floods.map(([flood, a]) => [
    flood,
    String(a.queries),
    String(a.bytesIn),
    String(a.answered),
    String(a.slipped),
    String(a.dropped),
    String(a.bytesOut),
    `${a.factor.toFixed(2)}×`,
    `${a.unlimitedFactor.toFixed(1)}×`,
  ]);
  const figures = ['bytes out', 'amplification', 'unlimited'];
  printTable('DNS amplification (UDP, rate limited)', [...header, ...figures], lines);
}
