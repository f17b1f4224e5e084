import { externalDatacenterUuid } from '@meridian/domain/clusters/datacenter';
import { requestsPerMinute } from '@meridian/domain/traffic/traffic';
import { useMemo } from 'react';
import { useSelector } from 'react-redux';
import { useLocation, useNavigate } from 'react-router';
import { useAppOverview } from '../../shared/api/apps-list';
import { useDatacenters } from '../../features/clusters/api/get-datacenters';
import { useSmartClusterOverview } from '../../shared/api/smart-clusters-list';
import { useTraffic } from '../../features/dashboard/api/get-traffic';
import { DatacenterMarkers } from '../../shared/components/world-map/datacenter-markers';
import { DatacenterTable } from '../../shared/components/world-map/datacenter-table';
import type { DatacenterMarker } from '../../shared/components/world-map/datacenter-markers';
import { worldMapVariantForPath } from '../../shared/components/world-map/map-variant';
import { WorldMap } from '../../shared/components/world-map/world-map';
import { selectMapFocus, selectSiderCollapsed } from '../../shared/store/ui.slice';
import rootStyles from '../root-layout.module.css';
import styles from './app-layout.module.css';

/**
 * Datacenter markers lined up with the world map behind the content: above it where the map is
 * the hero (so they can be clicked), beneath the content cards elsewhere.
 */
export function DatacenterMapLayer() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const collapsed = useSelector(selectSiderCollapsed);
  const focus = useSelector(selectMapFocus);
  const datacenters = useDatacenters();
  // The summaries name the datacenters with work in progress; no list of every resource.
  const smartClusters = useSmartClusterOverview();
  const traffic = useTraffic();
  const apps = useAppOverview();
  const variant = worldMapVariantForPath(pathname);
  const selectedUuid = pathname.startsWith('/datacenters/')
    ? decodeURIComponent(pathname.slice('/datacenters/'.length))
    : undefined;

  const markers = useMemo<DatacenterMarker[]>(() => {
    const pending = new Set([
      ...(smartClusters.data?.pending_datacenter_uuids ?? []),
      ...(apps.data?.pending_datacenter_uuids ?? []),
    ]);
    const requestsByDatacenter = new Map(
      (traffic.data?.regions ?? []).map((region) => [region.datacenter_uuid, region.num_requests]),
    );
    return (datacenters.data ?? [])
      .filter((datacenter) => datacenter.uuid !== externalDatacenterUuid && datacenter.coordinates)
      .map((datacenter) => ({
        uuid: datacenter.uuid,
        label: datacenter.location,
        longitude: datacenter.coordinates.longitude,
        latitude: datacenter.coordinates.latitude,
        pending: pending.has(datacenter.uuid),
        selected: datacenter.uuid === selectedUuid,
        href: `/datacenters/${encodeURIComponent(datacenter.uuid)}`,
        ...(requestsByDatacenter.has(datacenter.uuid)
          ? { requestsPerMinute: requestsPerMinute(requestsByDatacenter.get(datacenter.uuid)!) }
          : {}),
      }));
  }, [datacenters.data, smartClusters.data, apps.data, traffic.data, selectedUuid]);

  return (
    <>
      {/* Where the map is the page's content (the hero), it is also told in words. */}
      {variant === 'hero' ? <DatacenterTable markers={markers} /> : null}
      <WorldMap
        variant={variant}
        showLand={false}
        interactive
        focus={focus}
        className={[
          rootStyles.backdrop,
          rootStyles.contentFrame,
          collapsed ? rootStyles.collapsed : '',
          variant === 'hero' ? styles.markerLayerAbove : styles.markerLayerBelow,
        ].join(' ')}
        style={{ background: 'transparent', backgroundImage: 'none' }}
        renderOverlay={(geometry) => (
          <DatacenterMarkers
            geometry={geometry}
            markers={markers}
            zoomed={Boolean(focus)}
            onOpen={(href) => void navigate(href)}
          />
        )}
      />
    </>
  );
}
