import { ensureNativeAddons } from '../../../scripts/build-native.mjs';

/** The DNS tests answer through the batched UDP socket, built here as `npm start` builds it. */
export default function setup(): void {
  ensureNativeAddons();
}
