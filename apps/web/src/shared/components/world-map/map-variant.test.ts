import { describe, expect, it } from 'vitest';
import { worldMapVariantForPath } from './map-variant';

describe('worldMapVariantForPath', () => {
  it('is the hero on /login, /home and /', () => {
    expect(worldMapVariantForPath('/login')).toBe('hero');
    expect(worldMapVariantForPath('/home')).toBe('hero');
    expect(worldMapVariantForPath('/home/')).toBe('hero');
    expect(worldMapVariantForPath('/')).toBe('hero');
  });

  it('recedes elsewhere, apps included', () => {
    expect(worldMapVariantForPath('/apps/123')).toBe('receded');
    expect(worldMapVariantForPath('/clusters')).toBe('receded');
    expect(worldMapVariantForPath('/404')).toBe('receded');
  });
});
