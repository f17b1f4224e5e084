import { Writable } from 'node:stream';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { createHttpApp } from './http-app';

async function linesLoggedAt(level: 'info' | 'debug'): Promise<Record<string, unknown>[]> {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  const app = await createHttpApp(pino({ level }, sink));
  await app.ready();
  await app.inject({ method: 'GET', url: '/health?probe=1' });
  await app.close();
  // Every line a request writes carries its id.
  return lines.filter((line) => 'reqId' in line);
}

describe('request logging', () => {
  it('keeps requests out of the info log, so start-up lines stand out', async () => {
    expect(await linesLoggedAt('info')).toEqual([]);
  });

  it('logs one readable line per request at debug, without the query', async () => {
    const lines = await linesLoggedAt('debug');
    expect(lines).toHaveLength(1);
    expect(lines[0]!.msg).toMatch(/^GET \/health 200 \d+ ms$/);
    expect(lines[0]!.reqId).toEqual(expect.any(String));
  });
});
