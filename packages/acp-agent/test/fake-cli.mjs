// Stands in for an agent's CLI in the tests: it appends its arguments to
// FAKE_CLI_ARGV_LOG (one JSON line per run), then prints the recorded stream
// of its run (FAKE_CLI_FIXTURES: a JSON list of files, one per run, the last
// repeated) unchanged. With FAKE_CLI_HANG set it prints the stream and waits
// until SIGINT, logs the signal beside the argument log and exits as a CLI
// does; FAKE_CLI_HANG=ignore-sigint ignores SIGINT, so that only SIGTERM ends it.
import { appendFileSync, existsSync, readFileSync } from 'node:fs';

const argvLog = process.env.FAKE_CLI_ARGV_LOG;
const fixtures = JSON.parse(process.env.FAKE_CLI_FIXTURES ?? '[]');
const run = argvLog !== undefined && existsSync(argvLog) ? readFileSync(argvLog, 'utf8').split('\n').filter(Boolean).length : 0;
if (argvLog !== undefined) appendFileSync(argvLog, `${JSON.stringify({ argv: process.argv.slice(2), cwd: process.cwd() })}\n`);
if (process.env.FAKE_CLI_HANG !== undefined) {
  const keepAlive = setInterval(() => {}, 60_000);
  const heard = (signal) => {
    if (argvLog !== undefined) appendFileSync(`${argvLog}.signals`, `${signal}\n`);
  };
  process.on('SIGINT', () => {
    heard('SIGINT');
    if (process.env.FAKE_CLI_HANG === 'ignore-sigint') return;
    clearInterval(keepAlive);
    process.exit(130);
  });
  process.on('SIGTERM', () => {
    heard('SIGTERM');
    clearInterval(keepAlive);
    process.exit(143);
  });
} else {
  process.exitCode = Number(process.env.FAKE_CLI_EXIT ?? '0');
}
// Printed once the handlers are set, so that a signal sent after the stream arrived finds them.
const fixture = fixtures[Math.min(run, fixtures.length - 1)];
if (fixture !== undefined) process.stdout.write(readFileSync(fixture));
if (process.env.FAKE_CLI_STDERR !== undefined) process.stderr.write(process.env.FAKE_CLI_STDERR);
