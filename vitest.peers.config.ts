import { defineConfig } from 'vitest/config';

// `npm run spec:diff:peers` (test/diff/peers.ts): not a test, a measurement that installs peers from the registry.
export default defineConfig({ test: { include: ['test/diff/peers.ts'], testTimeout: 3_600_000 } });
