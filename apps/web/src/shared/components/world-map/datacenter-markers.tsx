import type { MouseEvent } from 'react';
import { focusScale } from './world-map';
import type { WorldGeometry } from './world-geometry';
import styles from './datacenter-markers.module.css';

export interface DatacenterMarker {
  uuid: string;
  label: string;
  longitude: number;
  latitude: number;
  pending: boolean;
  selected: boolean;
  href: string;
}

interface DatacenterMarkersProps {
  geometry: WorldGeometry;
  markers: readonly DatacenterMarker[];
  /** True while the map is zoomed: markers keep their size on screen. */
  zoomed: boolean;
  onOpen: (href: string) => void;
}

/** Datacenters as glowing dots (design.md); pending ones pulse. Each links to its page. */
export function DatacenterMarkers({ geometry, markers, zoomed, onOpen }: DatacenterMarkersProps) {
  const k = zoomed ? 1 / focusScale : 1;
  return (
    <g className={styles.markers}>
      {markers.map((marker) => {
        const point = geometry.project([marker.longitude, marker.latitude]);
        if (!point) return null;
        const [x, y] = point;
        const open = (event: MouseEvent) => {
          event.preventDefault();
          onOpen(marker.href);
        };
        return (
          <a
            key={marker.uuid}
            href={marker.href}
            onClick={open}
            aria-label={marker.label}
            className={styles.marker}
            data-testid="datacenter-marker"
            data-pending={marker.pending ? 'true' : 'false'}
            data-selected={marker.selected ? 'true' : 'false'}
          >
            <title>{marker.label}</title>
            {marker.pending ? <circle className={styles.pulse} cx={x} cy={y} r={5 * k} /> : null}
            <circle className={styles.glow} cx={x} cy={y} r={(marker.selected ? 11 : 8) * k} />
            <circle
              className={marker.pending ? styles.dotPending : styles.dot}
              cx={x}
              cy={y}
              r={(marker.selected ? 4.5 : 3.2) * k}
            />
            <circle className={styles.hit} cx={x} cy={y} r={12 * k} />
          </a>
        );
      })}
    </g>
  );
}
