import dgram from 'node:dgram';
import fs from 'node:fs';
import net from 'node:net';
import dnsPacket from 'dns-packet';

/*
 * A small DNS client for attacks on the built-in responder: queries over UDP and over TCP (RFC
 * 7766 framing), from a chosen loopback address, each given up on after a deadline.
 */

/** Where the bystander asks from: loopback /8 is all local on Linux, so this is another client. */
export const bystanderAddress = '127.0.0.2';
export const attackerAddress = '127.0.0.1';
/** A query counts as failed without a correct answer within this long. */
export const answerDeadlineMs = 2_000;

let nextId = 1;

/** A query for (name, type), with recursion desired like a stub would send. */
export function query(name: string, type: dnsPacket.RecordType, id = nextId++ & 0xffff): Buffer {
  return dnsPacket.encode({
    type: 'query',
    id,
    flags: dnsPacket.RECURSION_DESIRED,
    questions: [{ type, name, class: 'IN' }],
  });
}

/** The message with its two-byte length in front (RFC 1035 §4.2.2). */
export function framed(message: Buffer): Buffer {
  const prefix = Buffer.alloc(2);
  prefix.writeUInt16BE(message.length);
  return Buffer.concat([prefix, message]);
}

/** Collects a TCP byte stream and cuts it into length-framed messages. */
export class FrameReader {
  private buffered: Buffer = Buffer.alloc(0);

  push(chunk: Buffer): Buffer[] {
    this.buffered = this.buffered.length ? Buffer.concat([this.buffered, chunk]) : chunk;
    const messages: Buffer[] = [];
    while (this.buffered.length >= 2) {
      const length = this.buffered.readUInt16BE(0);
      if (this.buffered.length < 2 + length) break;
      messages.push(this.buffered.subarray(2, 2 + length));
      this.buffered = this.buffered.subarray(2 + length);
    }
    return messages;
  }
}

/** One UDP exchange from `localAddress`; undefined when nothing came back in time. */
export function udpExchange(
  port: number,
  message: Buffer,
  localAddress = bystanderAddress,
  timeoutMs = answerDeadlineMs,
): Promise<Buffer | undefined> {
  return new Promise((resolve) => {
    const socket = dgram.createSocket('udp4');
    let finished = false;
    const done = (answer: Buffer | undefined) => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      socket.close();
      resolve(answer);
    };
    const timer = setTimeout(() => done(undefined), timeoutMs);
    socket.on('error', () => done(undefined));
    socket.on('message', (answer) => done(answer));
    socket.bind(0, localAddress, () => socket.send(message, port, '127.0.0.1'));
  });
}

/** Opens a TCP connection from `localAddress`; errors are swallowed (a refusal shows as close). */
export function connectFrom(port: number, localAddress: string): net.Socket {
  const socket = net.connect({ port, host: '127.0.0.1', localAddress });
  socket.on('error', () => undefined);
  return socket;
}

/** One query over a fresh TCP connection; undefined when it was closed or too slow. */
export function tcpExchange(
  port: number,
  message: Buffer,
  localAddress = bystanderAddress,
  timeoutMs = answerDeadlineMs,
): Promise<Buffer | undefined> {
  return new Promise((resolve) => {
    const socket = connectFrom(port, localAddress);
    const reader = new FrameReader();
    const done = (answer: Buffer | undefined) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(answer);
    };
    const timer = setTimeout(() => done(undefined), timeoutMs);
    socket.on('connect', () => socket.write(framed(message)));
    socket.on('data', (chunk: Buffer) => {
      const [answer] = reader.push(chunk);
      if (answer) done(answer);
    });
    socket.on('close', () => done(undefined));
  });
}

/** True when `answer` answers `asked` with NOERROR and the A record `address`. */
export function answersA(asked: Buffer, answer: Buffer | undefined, address: string): boolean {
  if (!answer || answer.length < 12 || answer.readUInt16BE(0) !== asked.readUInt16BE(0)) {
    return false;
  }
  try {
    // The rcode from the header: dns-packet's types leave it out of the decoded packet.
    const rcode = answer[3]! & 0x0f;
    const records = dnsPacket.decode(answer).answers ?? [];
    return rcode === 0 && records.some((record) => record.type === 'A' && record.data === address);
  } catch {
    return false;
  }
}

/**
 * The bystander's question: `name A` alternately over UDP and over a fresh TCP connection, from
 * the bystander's address; failures are also counted per transport, for the report.
 */
export function alternatingAsker(port: number, name: string, address: string) {
  let turn = 0;
  const failed = { udp: 0, tcp: 0 };
  const ask = async (): Promise<boolean> => {
    const transport = turn++ % 2 === 0 ? 'udp' : 'tcp';
    const asked = query(name, 'A');
    const exchange = transport === 'udp' ? udpExchange : tcpExchange;
    const ok = answersA(asked, await exchange(port, asked), address);
    if (!ok) failed[transport] += 1;
    return ok;
  };
  return { ask, failed };
}

/**
 * Starts a fresh peak of resident memory (VmHWM) for the process, so the next memory() reading
 * is the peak of the attack alone (Linux ≥ 4.0: writing 5 to clear_refs). False if not allowed.
 */
export function resetPeakRss(pid: number): boolean {
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}
