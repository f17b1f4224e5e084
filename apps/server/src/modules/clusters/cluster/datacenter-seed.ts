import { externalDatacenterUuid } from '@meridian/domain/clusters/datacenter';
import type { Database } from '../../../platform/db/database';
import { upsertDatacenters } from './cluster.queries';
import type { DatacenterRow } from '../../../platform/db/schema/clusters';

type Seed = Omit<DatacenterRow, 'position' | 'driver'>;

const prices = (mini: number) => ({
  mini,
  small: Math.round(mini * 2 * 10000) / 10000,
  medium: Math.round(mini * 4 * 10000) / 10000,
  large: Math.round(mini * 8 * 10000) / 10000,
});

/**
 * The datacenters the simulator serves: real places and coordinates, CAD prices per node-hour.
 * The uuids are stable slugs, so links like /datacenters/ca-montreal never change.
 */
export const seededDatacenters: readonly Seed[] = [
  {
    uuid: 'ca-montreal',
    location: 'Montréal',
    country: 'Canada',
    latitude: 45.5019,
    longitude: -73.5674,
    flavorPrices: prices(0.0425),
  },
  {
    uuid: 'ca-toronto',
    location: 'Toronto',
    country: 'Canada',
    latitude: 43.6532,
    longitude: -79.3832,
    flavorPrices: prices(0.0445),
  },
  {
    uuid: 'ca-vancouver',
    location: 'Vancouver',
    country: 'Canada',
    latitude: 49.2827,
    longitude: -123.1207,
    flavorPrices: prices(0.0455),
  },
  {
    uuid: 'us-virginia',
    location: 'Ashburn, Virginia',
    country: 'United States',
    latitude: 39.0438,
    longitude: -77.4874,
    flavorPrices: prices(0.0395),
  },
  {
    uuid: 'br-sao-paulo',
    location: 'São Paulo',
    country: 'Brazil',
    latitude: -23.5558,
    longitude: -46.6396,
    flavorPrices: prices(0.0615),
  },
  {
    uuid: 'gb-london',
    location: 'London',
    country: 'United Kingdom',
    latitude: 51.5072,
    longitude: -0.1276,
    flavorPrices: prices(0.0505),
  },
  {
    uuid: 'de-frankfurt',
    location: 'Frankfurt',
    country: 'Germany',
    latitude: 50.1109,
    longitude: 8.6821,
    flavorPrices: prices(0.0485),
  },
  {
    uuid: 'sg-singapore',
    location: 'Singapore',
    country: 'Singapore',
    latitude: 1.3521,
    longitude: 103.8198,
    flavorPrices: prices(0.0535),
  },
  {
    uuid: 'jp-tokyo',
    location: 'Tokyo',
    country: 'Japan',
    latitude: 35.6762,
    longitude: 139.6503,
    flavorPrices: prices(0.0555),
  },
  {
    uuid: 'au-sydney',
    location: 'Sydney',
    country: 'Australia',
    latitude: -33.8688,
    longitude: 151.2093,
    flavorPrices: prices(0.0575),
  },
  {
    uuid: 'za-johannesburg',
    location: 'Johannesburg',
    country: 'South Africa',
    latitude: -26.2041,
    longitude: 28.0473,
    flavorPrices: prices(0.0595),
  },
  {
    uuid: 'us-oregon',
    location: 'Hillsboro, Oregon',
    country: 'United States',
    latitude: 45.5229,
    longitude: -122.9898,
    flavorPrices: prices(0.0405),
  },
  {
    uuid: 'us-dallas',
    location: 'Dallas, Texas',
    country: 'United States',
    latitude: 32.7767,
    longitude: -96.797,
    flavorPrices: prices(0.0399),
  },
  {
    uuid: 'mx-queretaro',
    location: 'Querétaro',
    country: 'Mexico',
    latitude: 20.5888,
    longitude: -100.3899,
    flavorPrices: prices(0.0525),
  },
  {
    uuid: 'cl-santiago',
    location: 'Santiago',
    country: 'Chile',
    latitude: -33.4489,
    longitude: -70.6693,
    flavorPrices: prices(0.0635),
  },
  {
    uuid: 'fr-paris',
    location: 'Paris',
    country: 'France',
    latitude: 48.8566,
    longitude: 2.3522,
    flavorPrices: prices(0.0495),
  },
  {
    uuid: 'se-stockholm',
    location: 'Stockholm',
    country: 'Sweden',
    latitude: 59.3293,
    longitude: 18.0686,
    flavorPrices: prices(0.0465),
  },
  {
    uuid: 'es-madrid',
    location: 'Madrid',
    country: 'Spain',
    latitude: 40.4168,
    longitude: -3.7038,
    flavorPrices: prices(0.0475),
  },
  {
    uuid: 'in-mumbai',
    location: 'Mumbai',
    country: 'India',
    latitude: 19.076,
    longitude: 72.8777,
    flavorPrices: prices(0.0435),
  },
  {
    uuid: 'ae-dubai',
    location: 'Dubai',
    country: 'United Arab Emirates',
    latitude: 25.2048,
    longitude: 55.2708,
    flavorPrices: prices(0.0585),
  },
  {
    uuid: 'kr-seoul',
    location: 'Seoul',
    country: 'South Korea',
    latitude: 37.5665,
    longitude: 126.978,
    flavorPrices: prices(0.0545),
  },
  {
    uuid: 'hk-hong-kong',
    location: 'Hong Kong',
    country: 'China',
    latitude: 22.3193,
    longitude: 114.1694,
    flavorPrices: prices(0.0565),
  },
  {
    uuid: 'ng-lagos',
    location: 'Lagos',
    country: 'Nigeria',
    latitude: 6.5244,
    longitude: 3.3792,
    flavorPrices: prices(0.0655),
  },
  {
    uuid: 'ke-nairobi',
    location: 'Nairobi',
    country: 'Kenya',
    latitude: -1.2921,
    longitude: 36.8219,
    flavorPrices: prices(0.0645),
  },
  {
    uuid: 'nz-auckland',
    location: 'Auckland',
    country: 'New Zealand',
    latitude: -36.8485,
    longitude: 174.7633,
    flavorPrices: prices(0.0605),
  },
  // An external cluster, uploaded by kubeconfig: no location of ours, no price.
  {
    uuid: externalDatacenterUuid,
    location: 'External',
    country: '',
    latitude: 0,
    longitude: 0,
    flavorPrices: {},
  },
];

/** Inserts or refreshes the seeded datacenters; safe to run at every start, by any process. */
export async function seedDatacenters(db: Database): Promise<void> {
  await upsertDatacenters(
    db,
    seededDatacenters.map((seed, position) => ({
      ...seed,
      position,
      driver: seed.uuid === externalDatacenterUuid ? 'external' : 'simulator',
    })),
  );
}
