import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DatacenterMarkers, type DatacenterMarker } from './datacenter-markers';
import type { WorldGeometry } from './world-geometry';

const geometry: WorldGeometry = {
  viewBox: '0 0 1000 500',
  width: 1000,
  height: 500,
  countries: [],
  graticule: '',
  project: ([longitude, latitude]) => [500 + longitude, 250 - latitude],
};

function marker(uuid: string, requestsPerMinute?: number): DatacenterMarker {
  return {
    uuid,
    label: uuid,
    longitude: 0,
    latitude: 0,
    pending: false,
    selected: false,
    href: `/datacenters/${uuid}`,
    ...(requestsPerMinute === undefined ? {} : { requestsPerMinute }),
  };
}

function renderMarkers(markers: DatacenterMarker[]) {
  render(
    <svg>
      <DatacenterMarkers geometry={geometry} markers={markers} zoomed={false} onOpen={() => {}} />
    </svg>,
  );
  return screen.queryAllByTestId('datacenter-traffic-bar');
}

describe('datacenter traffic bars', () => {
  it('is green up to 60 requests per minute, amber above, and stops growing at 100', () => {
    const bars = renderMarkers([
      marker('quiet', 0.2),
      marker('sixty', 60),
      marker('busy', 80),
      marker('flooded', 5000),
      marker('none'),
    ]);
    expect(bars).toHaveLength(4);
    expect(bars.map((bar) => bar.getAttribute('data-color'))).toEqual([
      'green',
      'green',
      'amber',
      'amber',
    ]);
    const fill = (bar: Element) => Number(bar.querySelectorAll('rect')[1]?.getAttribute('width'));
    const track = Number(bars[0]!.querySelector('rect')!.getAttribute('width'));
    expect(fill(bars[1]!)).toBeCloseTo(track * 0.6);
    expect(fill(bars[2]!)).toBeCloseTo(track * 0.8);
    expect(fill(bars[3]!)).toBeCloseTo(track);
    // A trickle still shows.
    expect(fill(bars[0]!)).toBeGreaterThan(0);
    expect(screen.getByText('busy: 80 requests per minute')).toBeTruthy();
  });

  it('draws no bar where there is no traffic data', () => {
    expect(renderMarkers([marker('none')])).toHaveLength(0);
  });
});
