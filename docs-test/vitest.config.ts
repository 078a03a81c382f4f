import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The timeout only catches a hang: the whole docs test takes well under a minute.
  test: { include: ['src/**/*.test.ts'], testTimeout: 180_000, hookTimeout: 180_000, env: { XDG_CACHE_HOME: join(tmpdir(), 'x-test-cache') } },
});
