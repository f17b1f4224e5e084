import { useEffect, useState } from 'react';
import type { CSSProperties, ReactNode } from 'react';
import { loadWorldShapes } from 'virtual:world-shapes';
import type { WorldMapVariant } from './map-variant';
import type { WorldGeometry, WorldShapes } from './world-geometry';
import type { Project } from './world-projection';
import styles from './world-map.module.css';

let shapesPromise: Promise<WorldShapes> | null = null;
let projectPromise: Promise<Project> | null = null;

/** The world's shapes, a static JSON asset fetched once, when a map first shows. */
function loadShapes(): Promise<WorldShapes> {
  shapesPromise ??= loadWorldShapes().catch((error: unknown) => {
    shapesPromise = null;
    throw error;
  });
  return shapesPromise;
}

/** d3-geo, only for maps that place something on the world (markers, a focused datacenter). */
function loadProject(): Promise<Project> {
  projectPromise ??= import('./marker-projection').then((m) => m.createProject());
  return projectPromise;
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

const unfocused = 'translate(0px, 0px) scale(1)';

/** A CSS transform that scales the map around the focused point and centres it. */
export function focusTransform(geometry: WorldGeometry | null, focus: MapFocus | null | undefined) {
  const point = geometry && focus ? geometry.project([focus.longitude, focus.latitude]) : null;
  if (!geometry || !point) return unfocused;
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
  const [shapes, setShapes] = useState<WorldShapes | null>(null);
  const [project, setProject] = useState<Project | null>(null);
  const placesPoints = Boolean(renderOverlay || focus);

  useEffect(() => {
    let active = true;
    loadShapes().then(
      (loaded) => {
        if (active) setShapes(loaded);
      },
      (error: unknown) => console.error('The world map could not be loaded', error),
    );
    return () => {
      active = false;
    };
  }, []);

  useEffect(() => {
    if (!placesPoints) return;
    let active = true;
    // A function in state must be set through an updater.
    void loadProject().then((loaded) => {
      if (active) setProject(() => loaded);
    });
    return () => {
      active = false;
    };
  }, [placesPoints]);

  const geometry = shapes && project ? { ...shapes, project } : null;

  return (
    <div
      className={[styles.map, styles[variant], className].filter(Boolean).join(' ')}
      style={style}
      data-variant={variant}
      aria-hidden={interactive ? undefined : 'true'}
      data-focused={focus ? 'true' : undefined}
    >
      {shapes ? (
        <svg
          className={styles.svg}
          viewBox={shapes.viewBox}
          preserveAspectRatio="xMidYMid meet"
          focusable="false"
        >
          <g className={styles.zoom} style={{ transform: focusTransform(geometry, focus) }}>
            {showLand ? (
              <>
                <path className={styles.graticule} d={shapes.graticule} />
                <g className={styles.land}>
                  {shapes.countries.map((country) => (
                    <path key={country.id} d={country.d} />
                  ))}
                </g>
              </>
            ) : null}
            {geometry ? renderOverlay?.(geometry) : null}
          </g>
        </svg>
      ) : null}
    </div>
  );
}
