import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import multipart from '@fastify/multipart';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { createHttpApp } from './http/http-app';
import { logRedaction } from './log-redaction';

describe('log redaction', () => {
  it("keeps the caller's token out of the log, even at trace (multipart logs the headers)", async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const app = await createHttpApp(pino({ level: 'trace', redact: logRedaction }, sink));
    try {
      await app.register(multipart);
      app.post('/upload', async (request) => {
        await (await request.file())?.toBuffer();
        return { ok: true };
      });
      const token = randomBytes(32).toString('base64url');
      const boundary = 'meridian-boundary';
      const payload = [
        `--${boundary}`,
        'Content-Disposition: form-data; name="kubeConfig"; filename="a.yaml"',
        'Content-Type: text/plain',
        '',
        'hello',
        `--${boundary}--`,
        '',
      ].join('\r\n');
      const answer = await app.inject({
        method: 'POST',
        url: '/upload',
        headers: {
          authorization: `Bearer ${token}`,
          cookie: `session=${token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
        payload,
      });
      expect(answer.statusCode).toBe(200);
      const log = lines.join('');
      // The line that carried the headers is there, with the credentials censored.
      expect(log).toContain('Providing options to busboy');
      expect(log).toContain('"authorization":"[redacted]"');
      expect(log).not.toContain(token);
    } finally {
      await app.close();
    }
  });
});
