export { runCli } from './run-cli.js';
export type { CliIo, CliStream } from './run-cli.js';
export { parseCliArgs } from './args.js';
export type { CliOptions, OutputMode } from './args.js';
export { ExitCode, CliError, EXIT_CODES } from './exit-codes.js';
export type { ExitCodeValue } from './exit-codes.js';
export { BUILT_IN_SOURCES, builtInRegistry } from './providers.js';
export { formatSummary } from './summary-table.js';
export { VERSION } from './version.js';
