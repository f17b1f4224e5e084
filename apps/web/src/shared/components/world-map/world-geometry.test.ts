import { describe, expect, it } from 'vitest';
import { ANTARCTICA_ID, buildWorldShapes } from './world-geometry';
import { createProject } from './marker-projection';
import { worldProjection } from './world-projection';

describe('buildWorldShapes', () => {
  it('draws the countries without Antarctica', () => {
    const shapes = buildWorldShapes();
    expect(shapes.countries.length).toBeGreaterThan(150);
    expect(shapes.countries.some((c) => c.id === ANTARCTICA_ID)).toBe(false);
    expect(shapes.countries.every((c) => c.d.startsWith('M'))).toBe(true);
  });

  it('writes coordinates to a tenth of a unit, so the asset stays small', () => {
    const { countries } = buildWorldShapes();
    const numbers = countries.flatMap((c) => c.d.match(/-?\d+(\.\d+)?/g) ?? []);
    expect(numbers.every((n) => !/\.\d\d/.test(n))).toBe(true);
    expect(JSON.stringify(buildWorldShapes()).length).toBeLessThan(170_000);
  });
});

describe('createProject', () => {
  it('projects coordinates with the Natural Earth projection at scale 200', () => {
    const project = createProject();
    expect(project([0, 0])).toEqual([0, 0]);
    const [x] = project([180, 0]) ?? [0];
    // Natural Earth's equator half-width is 0.8707·π radians of the scale.
    expect(x).toBeCloseTo(0.8707 * Math.PI * 200, 0);
  });

  it('places every point where the projection of the shapes puts it', () => {
    const project = createProject();
    const projection = worldProjection();
    const points: [number, number][] = [
      [-73.57, 45.5],
      [151.21, -33.87],
      [-179.9, 89.9],
      [103.8, 1.35],
      [-58.38, -34.6],
    ];
    for (const point of points) {
      const [x, y] = project(point) ?? [NaN, NaN];
      const [expectedX, expectedY] = projection(point) ?? [0, 0];
      expect(x).toBeCloseTo(expectedX, 9);
      expect(y).toBeCloseTo(expectedY, 9);
    }
  });
});
