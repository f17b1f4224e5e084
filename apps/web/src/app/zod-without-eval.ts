import type { $ZodConfig } from 'zod/v4/core';

/**
 * The console's policy refuses eval (apps/server platform/http/security-headers.ts): zod would
 * compile its object parsers with new Function, and even its probe for that is a violation.
 * zod keeps its settings (what its config() sets) in this global, shared by every copy of zod;
 * setting it here, before any zod chunk loads, keeps zod out of the login page's scripts.
 */
const holder = globalThis as { __zod_globalConfig?: $ZodConfig };
holder.__zod_globalConfig = Object.assign(holder.__zod_globalConfig ?? {}, { jitless: true });
