#!/usr/bin/env node
// Replay recorded agent runs in a browser, one event at a time:
//   node dist/main.js [--port 8080] [--delay 60] [--fixtures ../../fixtures]
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createViewerServer } from './viewer-server.js';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '8080' },
    delay: { type: 'string', default: '60' },
    fixtures: { type: 'string', default: fileURLToPath(new URL('../../../fixtures/', import.meta.url)) },
  },
});
const port = Number(values.port);
const delayMs = Number(values.delay);

if (!Number.isInteger(port) || port < 0 || port > 65535 || !Number.isFinite(delayMs) || delayMs < 0) {
  process.stderr.write('usage: web-viewer [--port <0-65535>] [--delay <ms>] [--fixtures <dir>]\n');
  process.exitCode = 2;
} else {
  try {
    const viewer = await createViewerServer({ fixturesDir: values.fixtures, delayMs }, port);
    process.stdout.write(`Replaying the runs in ${values.fixtures} at ${viewer.origin}/\n`);
  } catch (error) {
    // A missing build, a busy port, a fixtures folder that is not there: one line, no stack.
    process.stderr.write(`web-viewer: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  }
}
