import { parseArgs } from 'node:util';
import { AGENTS } from './agents/index.js';
import { resolveVersion } from './install.js';
import { recordVersion } from './record.js';

const USAGE = `Usage: pnpm capture <agent> [--version <v>|latest] [--scenario <name>]

Installs that version of the agent's CLI from the npm registry into the lab's
cache (outside the repository), runs every scenario against a scripted model
server on 127.0.0.1 in a throwaway home, and writes what it printed and the
session logs it wrote into fixtures/<agent>/recorded/<version>/ and
fixtures/<agent>-log/recorded/<version>/, with provenance.json.

Agents: ${Object.keys(AGENTS).join(', ')}`;

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({ args: argv, allowPositionals: true, options: { version: { type: 'string', default: 'latest' }, scenario: { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const agent = AGENTS[positionals[0] ?? ''];
  if (agent === undefined || positionals.length !== 1) {
    console.error(`capture: name one agent (${Object.keys(AGENTS).join(', ')}); pnpm capture --help says more.`);
    return 2;
  }
  await recordVersion(agent, resolveVersion(agent, values.version ?? 'latest'), { only: values.scenario });
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(`capture: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  },
);
