import { parseArgs } from 'node:util';
import { AGENTS } from './agents/index.js';
import { resolveVersion } from './install.js';
import { labCacheNormaliser } from './normalise.js';
import { recordAcpVersion, recordVersion } from './record.js';
import { renormaliseRecordings } from './write-recording.js';

const USAGE = `Usage: pnpm capture <agent> [--version <v>|latest] [--scenario <name>] [--acp | --mode <mode>]
       pnpm capture --renormalise

Installs that version of the agent's CLI from the npm registry into the lab's
cache (outside the repository), runs every scenario against a scripted model
server on 127.0.0.1 in a throwaway home, and writes what it printed and the
session logs it wrote into fixtures/<agent>/recorded/<version>/ and
fixtures/<agent>-log/recorded/<version>/, with provenance.json.

--acp: for an agent that speaks the Agent Client Protocol natively (gemini,
opencode, qwen), starts it as an ACP agent instead and drives each scenario
with the built xview (\`xview acp --record\`, pnpm build first); the traffic,
both directions, goes to fixtures/acp/recorded/<agent>/<version>/.

--mode <mode>: runs the scenarios in another output mode of the CLI than
its streaming JSON one (claude: json, json-verbose; gemini: json; codex:
experimental-json), for a version whose stream is recorded; each run's
stdout is written beside the stream as <scenario>~<mode>.json (.jsonl for
lines), no session log, and its provenance entry added. The recorded
version is left alone.

--renormalise: runs the normalising step's machine-wide rule (the lab cache
the CLIs are installed in, lab/src/normalise.ts) again over every recording
kept in fixtures/, for a rule added after they were made; prints the files
it changed. It records nothing.

Agents: ${Object.keys(AGENTS).join(', ')}`;

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({ args: argv, allowPositionals: true, options: { version: { type: 'string', default: 'latest' }, scenario: { type: 'string' }, acp: { type: 'boolean' }, mode: { type: 'string' }, renormalise: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } } });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (values.renormalise === true) {
    if (positionals.length > 0) {
      console.error('capture: --renormalise takes no agent: it runs over every recording in fixtures/.');
      return 2;
    }
    for (const file of renormaliseRecordings(labCacheNormaliser())) console.log(file);
    return 0;
  }
  const agent = AGENTS[positionals[0] ?? ''];
  if (agent === undefined || positionals.length !== 1) {
    console.error(`capture: name one agent (${Object.keys(AGENTS).join(', ')}); pnpm capture --help says more.`);
    return 2;
  }
  if (values.mode !== undefined) {
    const modes = Object.keys(agent.outputModes ?? {});
    if (values.acp === true || !modes.includes(values.mode)) {
      console.error(`capture: ${agent.id} has no output mode ${values.mode} here (${modes.join(', ') || 'none'}), and --mode takes no --acp.`);
      return 2;
    }
    await recordVersion(agent, resolveVersion(agent, values.version ?? 'latest'), { only: values.scenario, mode: values.mode });
    return 0;
  }
  const record = values.acp === true ? recordAcpVersion : recordVersion;
  await record(agent, resolveVersion(agent, values.version ?? 'latest'), { only: values.scenario });
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
