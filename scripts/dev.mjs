// `npm run dev`: the control plane on :8080 and Vite's dev server (with API proxy) on :5173.
import { spawn } from 'node:child_process';
import { ensureNativeAddons } from './build-native.mjs';

ensureNativeAddons();

const children = [
  spawn('npx', ['tsx', 'watch', 'apps/server/src/main.ts'], { stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', '@meridian/web'], { stdio: 'inherit' }),
];
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => children.forEach((child) => child.kill(signal)));
}
