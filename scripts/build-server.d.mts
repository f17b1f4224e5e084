/** Types of build-server.mjs, for the TypeScript that starts server processes (tests, benches). */
export declare const serverBundle: string;
export declare function serverBundleIsStale(): boolean;
export declare function buildServer(): Promise<string>;
export declare function ensureServerBundle(): Promise<string>;
