import { describe, expect, it } from 'vitest';
import './zod-without-eval';
import { config, z } from 'zod';

describe('zod under the console policy', () => {
  it('builds its parsers without eval', () => {
    expect(config().jitless).toBe(true);
    const evalSpy = globalThis.Function;
    let compiled = 0;
    globalThis.Function = new Proxy(evalSpy, {
      construct: (target, args: string[]) => {
        compiled += 1;
        return Reflect.construct(target, args) as object;
      },
      apply: (target, self, args: string[]) => {
        compiled += 1;
        return Reflect.apply(target, self, args) as unknown;
      },
    });
    try {
      const schema = z.object({ name: z.string(), replicas: z.number() });
      expect(schema.parse({ name: 'shop', replicas: 2 })).toEqual({ name: 'shop', replicas: 2 });
    } finally {
      globalThis.Function = evalSpy;
    }
    expect(compiled).toBe(0);
  });
});
