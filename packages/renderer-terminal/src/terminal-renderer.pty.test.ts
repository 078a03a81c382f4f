import { spawn } from 'node:child_process';
import { constants, openSync } from 'node:fs';
import { WriteStream } from 'node:tty';
import { describe, expect, it } from 'vitest';
import { text, toolResult, toolUse } from '../test/events.js';
import { screenOf } from '../test/screen.js';
import { createTerminalRenderer } from './terminal-renderer.js';

/*
 * python3's pty module opens a real pseudo-terminal 60 columns wide, prints
 * the path of its terminal side, then copies everything written there to its
 * stdout until its stdin closes. The renderer writes to that terminal through
 * a tty.WriteStream, as it would to process.stdout in a real terminal.
 */
const PTY_HOST = `
import fcntl, os, pty, select, struct, sys, termios
master, slave = pty.openpty()
fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack('HHHH', 24, 60, 0, 0))
sys.stdout.write(os.ttyname(slave) + '\\n')
sys.stdout.flush()
stdin_open = True
while True:
    ready, _, _ = select.select([master] + ([0] if stdin_open else []), [], [], 0.3)
    if master in ready:
        sys.stdout.buffer.write(os.read(master, 65536))
        sys.stdout.buffer.flush()
    elif not stdin_open:
        break
    if 0 in ready and not os.read(0, 1024):
        stdin_open = False
`;

const SPINNER = /[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏]/g;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function openPseudoTerminal() {
  const host = spawn('python3', ['-c', PTY_HOST], { stdio: ['pipe', 'pipe', 'inherit'] });
  let received = '';
  const path = await new Promise<string>((resolve, reject) => {
    host.once('error', reject);
    host.stdout.setEncoding('utf8');
    host.stdout.on('data', (chunk: string) => {
      received += chunk;
      const newline = received.indexOf('\n');
      if (newline !== -1 && !received.startsWith('\0')) {
        resolve(received.slice(0, newline));
        received = `\0${received.slice(newline + 1)}`;
      }
    });
  });
  const terminal = new WriteStream(openSync(path, constants.O_RDWR | constants.O_NOCTTY));
  return {
    terminal,
    /** What the terminal has shown so far. */
    shown: () => received.slice(1),
    async close() {
      terminal.destroy();
      host.stdin.end();
      await new Promise((resolve) => host.once('exit', resolve));
    },
  };
}

describe('live mode in a real pseudo-terminal', () => {
  it('updates one status line in place and replaces it with the result line', async () => {
    const pty = await openPseudoTerminal();
    try {
      expect(pty.terminal.isTTY).toBe(true);
      expect(pty.terminal.columns).toBe(60);
      const renderer = createTerminalRenderer({ sink: pty.terminal, mode: 'verbose', env: { TERM: 'xterm-256color' } });

      await renderer.write(text('m1', 'Running the tests.\n'));
      await renderer.write(toolUse('t1', 'Bash', 'npm test -- --reporter=dot --coverage --run-in-band --silent'));
      await sleep(1400);
      const running = screenOf(pty.shown());
      expect(running.slice(0, 2)).toEqual(['Running the tests.', '$ Bash npm test -- --reporter=dot --coverage --run-in-band…']);
      // The elapsed time depends on how busy the machine is; the label is cut to leave room for it.
      expect(running[2]).toMatch(/^[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] \$ Bash npm test -- --reporter=dot --coverage --run-i\S*… [1-9]\d*s$/);
      expect(running).toHaveLength(3);
      const frames = new Set(pty.shown().match(SPINNER));
      expect(frames.size).toBeGreaterThan(1);

      await renderer.write(toolResult('t1', 'Bash', { details: { exitCode: 0 } }));
      await renderer.write(text('m2', 'All tests pass.'));
      await renderer.end();
      await sleep(200);
      const raw = pty.shown();
      expect(raw).toContain('\x1b[2K');
      expect(raw).toContain('\x1b[32m✓');
      expect(screenOf(raw)).toEqual([
        'Running the tests.',
        '$ Bash npm test -- --reporter=dot --coverage --run-in-band…',
        '  ✓ Completed Bash (exit 0)',
        'All tests pass.',
      ]);
    } finally {
      await pty.close();
    }
  });
});
