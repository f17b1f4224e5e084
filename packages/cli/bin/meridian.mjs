#!/usr/bin/env node
// `meridian`: the TypeScript sources run through tsx, as `npm start` runs the server.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const { register } = await import('tsx/esm/api');
register();
await import(path.join(path.dirname(fileURLToPath(import.meta.url)), '../src/main.ts'));
