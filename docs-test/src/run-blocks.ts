import { execFile } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import ts from 'typescript';
import { type Block, blockSlug, ROOT } from './blocks.js';

/** Where the TypeScript and JavaScript blocks are written: inside the workspace, so that `@x/*` imports resolve through docs-test/node_modules. */
export const BLOCKS_DIR = join(import.meta.dirname, '..', '.blocks');

/** The built xview, as the docs' `xview` (what scripts/install-xview.sh would put on PATH). */
const XVIEW_BIN = join(ROOT, 'packages', 'cli', 'dist', 'bin.cjs');

/**
 * The recording each agent CLI prints instead in a block marked `agents replayed`:
 * the sandbox has a stand-in program of that name, so a block's `claude -p ... |`
 * or `spawn('claude', ...)` runs as written and reads a real stream.
 */
export const AGENT_RECORDINGS: Readonly<Record<string, string>> = {
  claude: 'fixtures/claude/read-edit-run.jsonl',
  codex: 'fixtures/codex/read-edit-run.jsonl',
  copilot: 'fixtures/copilot/read-edit-run.jsonl',
  gemini: 'fixtures/gemini/read-edit-run.jsonl',
  goose: 'examples/provider-plugin/test/fixtures/tool-run.jsonl',
  qwen: 'fixtures/qwen/recorded/0.24.4/read-edit-run.jsonl',
};

/** The result of running a block. */
export interface RunResult {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * A fresh place to run blocks in: every top-level entry of the repository is
 * linked into a temporary folder, so `fixtures/...` and `./examples/...` read
 * the checkout while what a block writes (`run.html`, `./transcripts`) lands
 * in the temporary folder; HOME is a temporary folder too, holding one Claude
 * Code session log (fixtures/claude-log/crud.jsonl) for `xview sessions` and `xview show`.
 * `replaying` is the same place with the stand-in agent CLIs first on PATH.
 */
export interface Sandbox {
  readonly cwd: string;
  readonly env: NodeJS.ProcessEnv;
  readonly replaying: { readonly cwd: string; readonly env: NodeJS.ProcessEnv };
}

export function createSandbox(): Sandbox {
  const base = mkdtempSync(join(tmpdir(), 'x-docs-'));
  const cwd = join(base, 'repo');
  mkdirSync(cwd);
  for (const entry of readdirSync(ROOT)) {
    if (entry !== '.git') symlinkSync(join(ROOT, entry), join(cwd, entry));
  }
  const home = join(base, 'home');
  const project = join(home, '.claude', 'projects', '-home-me-app');
  mkdirSync(project, { recursive: true });
  copyFileSync(join(ROOT, 'fixtures', 'claude-log', 'crud.jsonl'), join(project, '8122657c-fe54-4dc9-89a3-20049e8a84f7.jsonl'));
  const bin = join(base, 'bin');
  mkdirSync(bin);
  writeProgram(join(bin, 'xview'), `exec "${process.execPath}" "${XVIEW_BIN}" "$@"`);
  const agents = join(base, 'agents');
  mkdirSync(agents);
  for (const [agent, recording] of Object.entries(AGENT_RECORDINGS)) writeProgram(join(agents, agent), `exec cat "${join(ROOT, recording)}"`);
  const env: NodeJS.ProcessEnv = { ...process.env, HOME: home, PATH: `${bin}:${process.env.PATH ?? ''}`, NO_COLOR: '1' };
  delete env.FORCE_COLOR;
  return { cwd, env, replaying: { cwd, env: { ...env, PATH: `${agents}:${env.PATH}` } } };
}

function writeProgram(path: string, command: string): void {
  writeFileSync(path, `#!/bin/sh\n${command}\n`);
  chmodSync(path, 0o755);
}

/**
 * Runs a program in the sandbox with `input` as its standard input, without
 * blocking the test worker: a worker blocked in a synchronous run answers
 * none of vitest's own calls meanwhile, and on a loaded two-core runner a
 * block that took long failed the whole run ("Timeout calling onTaskUpdate").
 */
function runProgram(file: string, args: readonly string[], sandbox: Pick<Sandbox, 'cwd' | 'env'>, input: string | Buffer): Promise<RunResult> {
  return new Promise((resolve) => {
    const options = { cwd: sandbox.cwd, env: sandbox.env, encoding: 'utf8' as const, timeout: 60_000, maxBuffer: 64 * 1024 * 1024 };
    const child = execFile(file, args, options, (error, stdout, stderr) => {
      const status = error === null ? 0 : typeof error.code === 'number' ? error.code : null;
      resolve({ status, stdout, stderr });
    });
    // A program that exits without reading its input closes the pipe under the write: that is not the block's failure.
    child.stdin?.on('error', () => {});
    child.stdin?.end(input);
  });
}

/** Runs a shell block with bash, stopping at the first failing command (`-e`, `pipefail`). */
export function runShell(code: string, sandbox: Pick<Sandbox, 'cwd' | 'env'>): Promise<RunResult> {
  return runProgram('bash', ['-eo', 'pipefail', '-c', code], sandbox, '');
}

/** Writes a TypeScript or JavaScript block as a module of its own (so that no two blocks share a scope) and returns its path. */
export function writeBlockModule(block: Block): string {
  mkdirSync(BLOCKS_DIR, { recursive: true });
  const path = join(BLOCKS_DIR, `${blockSlug(block)}.${block.lang === 'js' ? 'mjs' : 'ts'}`);
  writeFileSync(path, `${block.code}\nexport {};\n`);
  return path;
}

/**
 * Type-checks the written blocks in one program, against the built packages'
 * declarations, with the repository's strict options (type-check-blocks.mjs,
 * in a child process so that the test worker stays responsive).
 */
export function typeCheck(paths: readonly string[]): Promise<Map<string, string[]>> {
  return new Promise((resolve, reject) => {
    const child = execFile(process.execPath, [join(import.meta.dirname, 'type-check-blocks.mjs'), ROOT], { maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error !== null) reject(new Error(`type-check-blocks.mjs failed: ${stderr || error.message}`));
      else resolve(new Map(Object.entries(JSON.parse(stdout) as Record<string, string[]>)));
    });
    child.stdin?.end(JSON.stringify(paths));
  });
}

/** Transpiles a written block to an ES module next to it and runs it with node, in the sandbox, with `stdin` (a repository path) as its standard input. */
export function runModule(path: string, sandbox: Pick<Sandbox, 'cwd' | 'env'>, stdin: string | undefined): Promise<RunResult> {
  const source = readFileSync(path, 'utf8');
  const output = ts.transpileModule(source, {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: false },
  }).outputText;
  const runnable = `${path.slice(0, -extname(path).length)}.run.mjs`;
  writeFileSync(runnable, output);
  const input = stdin === undefined ? '' : readFileSync(join(ROOT, stdin));
  return runProgram(process.execPath, [runnable], sandbox, input);
}
