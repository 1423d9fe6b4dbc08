import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/domain', 'apps/server', 'apps/web', 'e2e'],
    // Vitest's default is one worker per core less one: on the 2-core CI machine every file ran alone (28 min).
    // Two workers: 20 min. The browser journeys stay one file at a time (e2e/vitest.config.ts).
    maxWorkers: 2,
  },
});
