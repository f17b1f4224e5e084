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
  /** Zooms the map onto this point (a datacenter); null shows the whole world. */
  focus?: MapFocus | null;
  /** False draws only the overlay: a layer that lines up with the map behind it. */
  showLand?: boolean;
  /** True when the overlay holds links (markers); the map itself is decoration. */
  interactive?: boolean;
}

export interface MapFocus {
  longitude: number;
  latitude: number;
}

/** How far /datacenters/{id} zooms in. */
export const focusScale = 3;

/** A CSS transform that scales the map around the focused point and centres it. */
export function focusTransform(geometry: WorldGeometry, focus: MapFocus | null | undefined) {
  if (!focus) return 'translate(0px, 0px) scale(1)';
  const point = geometry.project([focus.longitude, focus.latitude]);
  if (!point) return 'translate(0px, 0px) scale(1)';
  const [left, top, width, height] = geometry.viewBox.split(' ').map(Number) as [
    number,
    number,
    number,
    number,
  ];
  const cx = left + width / 2;
  const cy = top + height / 2;
  return `translate(${cx - point[0] * focusScale}px, ${cy - point[1] * focusScale}px) scale(${focusScale})`;
}

/** The world as SVG paths: Natural Earth, scale 200, no Antarctica. */
export function WorldMap({
  variant,
  className,
  style,
  renderOverlay,
  focus,
  showLand = true,
  interactive = false,
}: WorldMapProps) {
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
      aria-hidden={interactive ? undefined : 'true'}
      data-focused={focus ? 'true' : undefined}
    >
      {geometry ? (
        <svg
          className={styles.svg}
          viewBox={geometry.viewBox}
          preserveAspectRatio="xMidYMid meet"
          focusable="false"
        >
          <g className={styles.zoom} style={{ transform: focusTransform(geometry, focus) }}>
            {showLand ? (
              <>
                <path className={styles.graticule} d={geometry.graticule} />
                <g className={styles.land}>
                  {geometry.countries.map((country) => (
                    <path key={country.id} d={country.d} />
                  ))}
                </g>
              </>
            ) : null}
            {renderOverlay?.(geometry)}
          </g>
        </svg>
      ) : null}
    </div>
  );
}
