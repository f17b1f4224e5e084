import { geoNaturalEarth1Raw } from 'd3-geo';
import { MAP_SCALE } from './world-projection';
import type { Project } from './world-projection';

const radians = Math.PI / 180;

/**
 * worldProjection for single points, from Natural Earth's raw formula alone: a point needs no
 * clipping or resampling, so maps that only place markers leave d3's projection pipeline unloaded.
 */
export function createProject(): Project {
  return ([longitude, latitude]) => {
    const [x, y] = geoNaturalEarth1Raw(longitude * radians, latitude * radians);
    return Number.isFinite(x) && Number.isFinite(y) ? [MAP_SCALE * x, 0 - MAP_SCALE * y] : null;
  };
}
