import type { Plugin } from 'vite';
import { buildWorldShapes } from './src/shared/components/world-map/world-geometry.ts';

const moduleId = 'virtual:world-shapes';
const resolvedId = `\0${moduleId}`;
const devPath = '/@meridian/world-shapes.json';

/** The module's code: fetch the shapes from `url`. */
function fetchingLoader(url: string): string {
  return `export async function loadWorldShapes() {
  const response = await fetch(${url});
  if (!response.ok) throw new Error('The world map answered ' + response.status);
  return response.json();
}`;
}

/**
 * `virtual:world-shapes` exports `loadWorldShapes()`. The world is projected once, here, at build
 * time, and the browser fetches it as a hashed, immutably cached JSON asset after first paint: no
 * atlas, d3-geo or topojson in the login page's scripts. Unit tests get the shapes inline.
 */
export function worldShapesPlugin(): Plugin {
  let json: string | undefined;
  const shapes = () => (json ??= JSON.stringify(buildWorldShapes()));
  let mode: 'build' | 'serve' | 'test' = 'build';

  return {
    name: 'meridian-world-shapes',
    configResolved(config) {
      mode = config.mode === 'test' ? 'test' : config.command;
    },
    resolveId: (id) => (id === moduleId ? resolvedId : undefined),
    load(id) {
      if (id !== resolvedId) return undefined;
      if (mode === 'test') return `export const loadWorldShapes = async () => (${shapes()});`;
      if (mode === 'serve') return fetchingLoader(JSON.stringify(devPath));
      const ref = this.emitFile({ type: 'asset', name: 'world-shapes.json', source: shapes() });
      return fetchingLoader(`import.meta.ROLLUP_FILE_URL_${ref}`);
    },
    configureServer(server) {
      server.middlewares.use(devPath, (_request, response) => {
        response.setHeader('Content-Type', 'application/json');
        response.end(shapes());
      });
    },
  };
}
