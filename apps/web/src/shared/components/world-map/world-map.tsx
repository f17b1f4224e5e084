import { useEffect, useState } from 'react';
import type { CSSProperties, ReactNode } from 'react';
import type { WorldMapVariant } from './map-variant';
import type { WorldGeometry } from './world-geometry';
import styles from './world-map.module.css';

let geometryPromise: Promise<WorldGeometry> | null = null;

/** The atlas, d3-geo and topojson arrive in their own chunk, once, when a map first shows. */
export function loadWorldGeometry(): Promise<WorldGeometry> {
  geometryPromise ??= import('./world-geometry').then((m) => m.buildWorldGeometry());
  return geometryPromise;
}

interface WorldMapProps {
  variant: WorldMapVariant;
  className?: string;
  style?: CSSProperties;
  /** Markers and other overlays drawn in map coordinates. */
  renderOverlay?: (geometry: WorldGeometry) => ReactNode;
}

/** The world as SVG paths: Natural Earth, scale 200, no Antarctica. */
export function WorldMap({ variant, className, style, renderOverlay }: WorldMapProps) {
  const [geometry, setGeometry] = useState<WorldGeometry | null>(null);

  useEffect(() => {
    let active = true;
    loadWorldGeometry().then(
      (loaded) => {
        if (active) setGeometry(loaded);
      },
      (error: unknown) => console.error('The world map could not be loaded', error),
    );
    return () => {
      active = false;
    };
  }, []);

  return (
    <div
      className={[styles.map, styles[variant], className].filter(Boolean).join(' ')}
      style={style}
      data-variant={variant}
      aria-hidden="true"
    >
      {geometry ? (
        <svg
          className={styles.svg}
          viewBox={geometry.viewBox}
          preserveAspectRatio="xMidYMid meet"
          focusable="false"
        >
          <path className={styles.graticule} d={geometry.graticule} />
          <g className={styles.land}>
            {geometry.countries.map((country) => (
              <path key={country.id} d={country.d} />
            ))}
          </g>
          {renderOverlay?.(geometry)}
        </svg>
      ) : null}
    </div>
  );
}
