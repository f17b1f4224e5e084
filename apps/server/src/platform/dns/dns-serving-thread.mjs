// The entry of a DNS serving thread (dns-serving-thread.ts). A worker thread does not inherit a
// loader registered through the API (npm start, vitest), so tsx is registered here.
import { register } from 'tsx/esm/api';

register();
await import('./dns-serving-thread.ts');
