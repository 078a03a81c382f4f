#!/usr/bin/env node
// Render an agent's output in the terminal, from a file or from stdin:
//   claude -p "fix the test" --output-format stream-json --verbose | node dist/main.js --provider claude
//   node dist/main.js --provider gemini --verbose run.jsonl
import { createReadStream } from 'node:fs';
import { parseArgs } from 'node:util';
import { runPipeline, type DisplayEventSource } from '@x/core';
import { claudeSource } from '@x/provider-claude';
import { codexSource } from '@x/provider-codex';
import { copilotSource } from '@x/provider-copilot';
import { geminiSource } from '@x/provider-gemini';
import { openAICompatibleSource } from '@x/provider-openai-compatible';
import { openCodeSource } from '@x/provider-opencode';
import { createTerminalRenderer } from '@x/renderer-terminal';

const sources = new Map<string, DisplayEventSource>(
  [claudeSource, codexSource, copilotSource, geminiSource, openAICompatibleSource, openCodeSource].map((source) => [source.id, source]),
);
// `pnpm start -- --provider x` hands the `--` on (pnpm 10); it is not an end of options here.
const args = process.argv[2] === '--' ? process.argv.slice(3) : process.argv.slice(2);
const { values, positionals } = parseArgs({ args, options: { provider: { type: 'string', default: 'claude' }, verbose: { type: 'boolean', default: false } }, allowPositionals: true });
const source = sources.get(values.provider);

if (source === undefined || positionals.length > 1) {
  process.stderr.write(`usage: compose [--provider ${[...sources.keys()].join('|')}] [--verbose] [file]\n`);
  process.exitCode = 2;
} else {
  const input = positionals[0] === undefined ? process.stdin : createReadStream(positionals[0]);
  const renderer = createTerminalRenderer({ sink: process.stdout, mode: values.verbose ? 'verbose' : 'default' });
  // A file that cannot be read rejects the pipeline: say so in a line, not a stack trace.
  const report = await runPipeline(input, { source, renderer }).catch((error: Error) => void process.stderr.write(`compose: ${error.message}\n`));
  process.exitCode = report?.outcome?.status === 'success' ? 0 : 1;
}
