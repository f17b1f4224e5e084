import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { worldShapesPlugin } from './world-shapes-plugin.ts';

export default defineProject({
  plugins: [react(), worldShapesPlugin()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/shared/testing/setup-tests.ts'],
    // Drawer tests render antd forms in jsdom and type into them: seconds each on a busy 2-core
    // machine. The limit only stops a hung test; nothing here measures speed.
    testTimeout: 20_000,
    // Each file importing React, antd and the router afresh in a new jsdom cost about 300 s of
    // CPU in all; files share a worker's modules and window instead (Testing Library unmounts
    // after each test). A file that mocks a module others load imports its subject after
    // vi.resetModules().
    isolate: false,
  },
});
