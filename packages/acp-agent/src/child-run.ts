import { spawn } from 'node:child_process';
import { type Diagnostic, type DisplayEvent, type DisplayEventSource, streamEvents } from '@x/core';

/** The tail of the child's standard error kept for an error message: enough for its last lines, bounded whatever it prints. */
export const STDERR_TAIL_CHARS = 4096;

/** One CLI run: the program, its arguments and environment, and where it runs. */
export interface ChildCommand {
  command: string;
  args: readonly string[];
  env: Readonly<Record<string, string | undefined>>;
  cwd: string;
  source: DisplayEventSource;
  /** Milliseconds between SIGINT and SIGTERM when a run is cancelled. */
  graceMs: number;
}

/** How a run ended. */
export interface ChildExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** Why the program could not start (not found, not executable). */
  spawnError: Error | undefined;
  /** The last {@link STDERR_TAIL_CHARS} characters of its standard error. */
  stderrTail: string;
}

/** A running CLI: its events as they arrive, and a way to stop it. */
export interface ChildRun {
  /** Sends each display event of the child's standard output to `onEvent`, in order, and resolves with the exit once the output ended and the child exited. */
  events(onEvent: (event: DisplayEvent) => Promise<void>, onDiagnostic: (diagnostic: Diagnostic) => void): Promise<ChildExit>;
  /** SIGINT now, SIGTERM after the grace period if the child is still there. */
  cancel(): void;
}

interface RunState {
  exited: boolean;
  cancelled: boolean;
  graceTimer: NodeJS.Timeout | undefined;
  stderrTail: string;
  spawnError: Error | undefined;
}

/**
 * Starts the CLI without a shell: the prompt and every argument reach it as
 * they are, never parsed by a shell, and its environment is exactly `env`.
 */
export function startChild(child: ChildCommand): ChildRun {
  const proc = spawn(child.command, child.args, { cwd: child.cwd, env: child.env, stdio: ['ignore', 'pipe', 'pipe'], shell: false });
  const state: RunState = { exited: false, cancelled: false, graceTimer: undefined, stderrTail: '', spawnError: undefined };
  proc.stderr.setEncoding('utf8');
  proc.stderr.on('data', (chunk: string) => {
    state.stderrTail = (state.stderrTail + chunk).slice(-STDERR_TAIL_CHARS);
  });
  const exit = new Promise<Pick<ChildExit, 'code' | 'signal'>>((resolve) => {
    proc.on('error', (error) => {
      state.spawnError = error;
    });
    proc.on('close', (code, signal) => {
      state.exited = true;
      if (state.graceTimer !== undefined) clearTimeout(state.graceTimer);
      resolve({ code, signal });
    });
  });
  return {
    async events(onEvent, onDiagnostic) {
      for await (const event of streamEvents(proc.stdout, { source: child.source, onDiagnostic })) await onEvent(event);
      const { code, signal } = await exit;
      return { code, signal, spawnError: state.spawnError, stderrTail: state.stderrTail };
    },
    cancel() {
      if (state.exited || state.cancelled) return;
      state.cancelled = true;
      proc.kill('SIGINT');
      state.graceTimer = setTimeout(() => {
        if (!state.exited) proc.kill('SIGTERM');
      }, child.graceMs);
    },
  };
}
