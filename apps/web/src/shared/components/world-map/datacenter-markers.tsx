import { formatRequestsPerMinute, mapBar, mapBarCap } from '@meridian/domain/traffic/traffic';
import { currentLocale } from '../../i18n/locale';
import type { MouseEvent } from 'react';
import { t } from '../../i18n/translate';
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
  /** Requests per minute this datacenter serves now (this hour's rate); absent without traffic. */
  requestsPerMinute?: number;
}

// The bar's full length on screen (at 100 requests per minute), its thickness and offset.
const barTrackLength = 32;
const barThickness = 5;
const barOffset = 9;

/** The requests-per-minute bar beside a marker (spec "Business constants and limits"): green up to 60, amber above, capped. */
function TrafficBar({
  x,
  y,
  k,
  perMinute,
}: {
  x: number;
  y: number;
  k: number;
  perMinute: number;
}) {
  const bar = mapBar(perMinute);
  // A little traffic still shows as a sliver, so "some" never looks like "none".
  const fill = bar.length > 0 ? Math.max((bar.length / mapBarCap) * barTrackLength, 1.5) : 0;
  const left = x + barOffset * k;
  const top = y - (barThickness / 2) * k;
  return (
    <g data-testid="datacenter-traffic-bar" data-color={bar.color} data-length={bar.length}>
      <rect
        className={styles.trafficTrack}
        x={left}
        y={top}
        width={barTrackLength * k}
        height={barThickness * k}
        rx={(barThickness / 2) * k}
      />
      {fill > 0 ? (
        <rect
          className={bar.color === 'amber' ? styles.trafficAmber : styles.trafficGreen}
          x={left}
          y={top}
          width={fill * k}
          height={barThickness * k}
          rx={(barThickness / 2) * k}
        />
      ) : null}
    </g>
  );
}

interface DatacenterMarkersProps {
  geometry: WorldGeometry;
  markers: readonly DatacenterMarker[];
  /** True while the map is zoomed: markers keep their size on screen. */
  zoomed: boolean;
  onOpen: (href: string) => void;
}

/**
 * Datacenters as glowing dots (design.md); pending ones pulse, and those serving the user's apps
 * carry their requests-per-minute bar. Each links to its page.
 */
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
        const title =
          marker.requestsPerMinute === undefined
            ? marker.label
            : t('map.datacenterTraffic', {
                name: marker.label,
                value: formatRequestsPerMinute(marker.requestsPerMinute, currentLocale()),
              });
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
            <title>{title}</title>
            {marker.pending ? <circle className={styles.pulse} cx={x} cy={y} r={5 * k} /> : null}
            <circle className={styles.glow} cx={x} cy={y} r={(marker.selected ? 11 : 8) * k} />
            <circle
              className={marker.pending ? styles.dotPending : styles.dot}
              cx={x}
              cy={y}
              r={(marker.selected ? 4.5 : 3.2) * k}
            />
            {marker.requestsPerMinute === undefined ? null : (
              <TrafficBar x={x} y={y} k={k} perMinute={marker.requestsPerMinute} />
            )}
            <circle className={styles.hit} cx={x} cy={y} r={12 * k} />
          </a>
        );
      })}
    </g>
  );
}
