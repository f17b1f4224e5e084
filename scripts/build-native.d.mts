/** Types of build-native.mjs, for the TypeScript that runs the DNS responder (tests, benches). */
export declare function ensureNativeAddons(): boolean;
