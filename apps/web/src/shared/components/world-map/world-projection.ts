import { geoNaturalEarth1 } from 'd3-geo';

/** Spec "Business constants and limits": map scale 200. */
export const MAP_SCALE = 200;

/** Longitude/latitude to map coordinates; null for a point the projection cannot place. */
export type Project = (lonLat: [number, number]) => [number, number] | null;

/** Natural Earth at scale 200 centred on 0,0: the projection the world's shapes were drawn with. */
export function worldProjection() {
  return geoNaturalEarth1().scale(MAP_SCALE).translate([0, 0]);
}
