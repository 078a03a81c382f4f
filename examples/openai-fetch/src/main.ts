#!/usr/bin/env node
// Ask an OpenAI-compatible endpoint one question and print the answer:
//   OPENAI_MODEL=gpt-4.1-mini OPENAI_API_KEY=... node dist/main.js [--stream] "your question"
// OPENAI_BASE_URL defaults to https://api.openai.com/v1 (for Ollama: http://127.0.0.1:11434/v1).
import { ask } from './ask.js';
import { parseCommandLine } from './command-line.js';

const { stream, prompt } = parseCommandLine(process.argv.slice(2));
const model = process.env.OPENAI_MODEL;

if (prompt === '' || model === undefined || model === '') {
  process.stderr.write('usage: OPENAI_MODEL=<model> [OPENAI_BASE_URL=<url>] [OPENAI_API_KEY=<key>] openai-fetch [--stream] <prompt>\n');
  process.exitCode = 2;
} else {
  const baseUrl = process.env.OPENAI_BASE_URL ?? 'https://api.openai.com/v1';
  // An endpoint that cannot be reached is the user's to fix: one line, not a stack trace.
  const result = await ask({ baseUrl, apiKey: process.env.OPENAI_API_KEY, model, prompt, stream, sink: process.stdout }).catch((error: Error) => {
    const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
    process.stderr.write(`openai-fetch: ${baseUrl}: ${error.message}${cause}\n`);
    return undefined;
  });
  process.exitCode = result?.status === 'success' ? 0 : 1;
}
