import { describe, expect, it } from 'vitest';
import { ANTARCTICA_ID, buildWorldGeometry } from './world-geometry';

describe('buildWorldGeometry', () => {
  it('draws the countries without Antarctica', () => {
    const geometry = buildWorldGeometry();
    expect(geometry.countries.length).toBeGreaterThan(150);
    expect(geometry.countries.some((c) => c.id === ANTARCTICA_ID)).toBe(false);
    expect(geometry.countries.every((c) => c.d.startsWith('M'))).toBe(true);
  });

  it('projects coordinates with the Natural Earth projection at scale 200', () => {
    const geometry = buildWorldGeometry();
    expect(geometry.project([0, 0])).toEqual([0, 0]);
    const [x] = geometry.project([180, 0]) ?? [0];
    // Natural Earth's equator half-width is 0.8707·π radians of the scale.
    expect(x).toBeCloseTo(0.8707 * Math.PI * 200, 0);
  });
});
