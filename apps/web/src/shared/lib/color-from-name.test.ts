import { describe, expect, it } from 'vitest';
import { avatarColors, colorFromName, initialOf } from './color-from-name';

describe('colorFromName', () => {
  it('is stable and from the palette', () => {
    expect(colorFromName('shop')).toBe(colorFromName('shop'));
    expect(colorFromName(' Shop ')).toBe(colorFromName('shop'));
    expect(avatarColors).toContain(colorFromName('anything'));
  });

  it('spreads names over several colours', () => {
    const names = ['api', 'web', 'shop', 'blog', 'auth', 'search', 'queue', 'mail'];
    expect(new Set(names.map(colorFromName)).size).toBeGreaterThan(3);
  });

  it('takes the first letter', () => {
    expect(initialOf('shop')).toBe('S');
    expect(initialOf('  ')).toBe('?');
  });
});
