// Build time only (world-shapes-plugin.ts): the browser fetches the result as a static asset.
import { geoGraticule10, geoPath } from 'd3-geo';
import type { ExtendedFeatureCollection } from 'd3-geo';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import countriesAtlas from 'world-atlas/countries-110m.json' with { type: 'json' };
import { worldProjection, type Project } from './world-projection.ts';

/** Natural Earth's id for Antarctica, hidden from the map (spec "Screens and routes"). */
export const ANTARCTICA_ID = '010';

export interface CountryShape {
  id: string;
  name: string;
  d: string;
}

/** The world drawn once, as SVG paths in map coordinates. */
export interface WorldShapes {
  viewBox: string;
  width: number;
  height: number;
  countries: CountryShape[];
  graticule: string;
}

/** The shapes and the projection that places points on them (markers, focus). */
export interface WorldGeometry extends WorldShapes {
  project: Project;
}

type CountriesTopology = Topology<{ countries: GeometryCollection<{ name: string }> }>;

/** Projects the world atlas: Natural Earth at scale 200, without Antarctica, to 0.1 units. */
export function buildWorldShapes(): WorldShapes {
  const topology = countriesAtlas as unknown as CountriesTopology;
  const collection = feature(topology, topology.objects.countries);
  const features = collection.features.filter((f) => String(f.id) !== ANTARCTICA_ID);
  // A tenth of a unit is a fifth of a pixel on the widest screen: finer only adds bytes.
  const path = geoPath(worldProjection()).digits(1);

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
  };
}
