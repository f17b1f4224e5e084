import { geoGraticule10, geoNaturalEarth1, geoPath } from 'd3-geo';
import type { ExtendedFeatureCollection } from 'd3-geo';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import countriesAtlas from 'world-atlas/countries-110m.json';

/** Spec "Business constants and limits": map scale 200. */
export const MAP_SCALE = 200;
/** Natural Earth's id for Antarctica, hidden from the map (spec "Screens and routes"). */
export const ANTARCTICA_ID = '010';

export interface CountryShape {
  id: string;
  name: string;
  d: string;
}

export interface WorldGeometry {
  viewBox: string;
  width: number;
  height: number;
  countries: CountryShape[];
  graticule: string;
  /** Longitude/latitude to map coordinates, for markers. */
  project: (lonLat: [number, number]) => [number, number] | null;
}

type CountriesTopology = Topology<{ countries: GeometryCollection<{ name: string }> }>;

/** Projects the world atlas once: Natural Earth at scale 200, without Antarctica. */
export function buildWorldGeometry(): WorldGeometry {
  const topology = countriesAtlas as unknown as CountriesTopology;
  const collection = feature(topology, topology.objects.countries);
  const features = collection.features.filter((f) => String(f.id) !== ANTARCTICA_ID);

  const projection = geoNaturalEarth1().scale(MAP_SCALE).translate([0, 0]);
  const path = geoPath(projection);

  const land: ExtendedFeatureCollection = { type: 'FeatureCollection', features };
  const [[x0, y0], [x1, y1]] = path.bounds(land);
  const pad = 12;
  const left = Math.floor(x0 - pad);
  const top = Math.floor(y0 - pad);
  const width = Math.ceil(x1 - x0 + 2 * pad);
  const height = Math.ceil(y1 - y0 + 2 * pad);

  return {
    viewBox: `${left} ${top} ${width} ${height}`,
    width,
    height,
    countries: features.map((f, index) => ({
      id: String(f.id ?? index),
      name: f.properties?.name ?? '',
      d: path(f) ?? '',
    })),
    graticule: path(geoGraticule10()) ?? '',
    project: (lonLat) => projection(lonLat),
  };
}
