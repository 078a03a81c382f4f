import type { CallMaker } from '../lab-server.js';
import type { Protocol } from '../protocols/protocol.js';
import type { Scenario } from '../scenarios.js';

/** Where one run happens: the CLI's version, a throwaway home and working folder, and the lab server's address. */
export interface RunPlace {
  version: string;
  home: string;
  work: string;
  serverUrl: string;
  /**
   * An output mode other than the CLI's streaming JSON one, from `pnpm capture
   * --mode` (one of the profile's `outputModes`); left out for the streaming mode.
   */
  mode?: string;
  /** The TLS front's certificate, for a version with fixed hosts (`fixedHosts`); every run of it gets it as `NODE_EXTRA_CA_CERTS`. */
  caFile?: string;
  /** The scenario compacts its conversation (`Scenario.compaction`): a profile that compacts by configuration sets it up for this run. */
  compacts?: boolean;
}

/** One invocation of the agent's CLI. */
export interface Invocation {
  args: string[];
  env: Record<string, string>;
}

/**
 * What the lab knows of one agent's CLI: its npm package and binary, the
 * protocol its model calls speak, how to point it at the lab server with no
 * account and no other network, how it is run non-interactively for a
 * scenario, how its tools are called, and where it keeps its session logs.
 */
export interface AgentProfile {
  id: string;
  displayName: string;
  npmPackage: string;
  /** The binary inside the installed package folder (`<cache>/node_modules/...`). */
  binary(installDir: string): string;
  protocol: Protocol;
  /** The protocol a version's model calls speak, where it is not `protocol` for every version. */
  protocolFor?(version: string): Protocol;
  /**
   * Hosts a version calls over HTTPS whatever its configuration says (Copilot
   * CLI 0.0.340 lists its models at api.githubcopilot.com): the lab answers
   * them on 127.0.0.1:443 with a throwaway certificate the CLI is handed as
   * `NODE_EXTRA_CA_CERTS`, and refuses to run unless each resolves to
   * 127.0.0.1 (tls-front.ts). None when left out or empty.
   */
  fixedHosts?(version: string): readonly string[];
  makeCall: CallMaker;
  /** Writes the CLI's configuration under the throwaway home. */
  configure(place: RunPlace): void;
  /** The command line and environment of a scenario's run (the second run of a resumed session when `resumeOf` is set). */
  invocation(scenario: Scenario, place: RunPlace, resumeOf?: string): Invocation;
  /** The session id a run's standard output names (or, for a version that prints plain text, its session logs under `home`), to resume it. */
  sessionIdOf(stdout: string, home: string): string | undefined;
  /**
   * The extension of a run's recorded standard output: `.jsonl` (one event a
   * line) when left out; `.json` for a version that prints one JSON document
   * (Gemini CLI before 0.11 has no stream-json).
   */
  stdoutExtension?(version: string): string;
  /**
   * The output modes besides the streaming one that `invocation` knows, each
   * with the extension its stdout is recorded under beside the stream,
   * `<scenario>~<mode><extension>` (`json`: one JSON document at the end of a
   * run, `.json`; lab/README.md, "Other output modes").
   */
  outputModes?: Readonly<Record<string, '.json' | '.jsonl'>>;
  /**
   * The prompt of a resumed run that does nothing but compact the session
   * (Claude Code's `/compact`, which print mode runs as a slash command),
   * run between a compaction scenario's two prompts; left out for a CLI the
   * profile's configuration makes compact by itself (`RunPlace.compacts`).
   */
  compactPrompt?(version: string): string | undefined;
  /** Whether this version can resume a session (every version when left out); a resumed scenario is then one run. */
  resumes?(version: string): boolean;
  /**
   * The body the lab serves for `GET <base>/models`, for a CLI that lists its
   * provider's models before it calls one (Copilot CLI 0.0.x reads the Copilot
   * API's list and refuses a model it does not find there); `undefined`, or
   * left out, and that request gets the lab's 404.
   */
  modelList?(version: string): unknown;
  /**
   * The first version whose print mode writes the machine-readable stream the
   * provider reads; an older version prints plain text, which is kept as it
   * is beside its session logs (`<scenario>.stdout.txt` in
   * fixtures/<agent>-log/recorded/<version>/, with provenance.json), not
   * among the streams the provider replays. Every version streams when left out.
   */
  streamsSince?: string;
  /** The folders under the home that hold session logs. */
  logDirs: readonly string[];
  /** Whether the CLI has a partial-message mode (scenarios that need one are skipped otherwise). */
  hasPartialMessages: boolean;
  /**
   * The first version with the partial-message mode, where older versions of a
   * CLI that has one lack it: their partial-message scenario is skipped, the
   * rest recorded (every version has it when left out).
   */
  partialMessagesSince?: string;
  /**
   * For a CLI that speaks the Agent Client Protocol natively: the arguments
   * that start it as an ACP agent on its standard input and output
   * (`pnpm capture <agent> --acp`). The environment is the scenario's
   * {@link AgentProfile.invocation}'s, so that it reaches the lab the same way.
   */
  acpArgs?(place: RunPlace): string[];
  /**
   * The provider's `recorded-version.ts`, relative to the repository, where it
   * is not a built-in provider's (`packages/provider-<id>/src/recorded-version.ts`).
   */
  recordedVersionFile?: string;
  /** The xview plugins that read the agent's output, relative to the repository, for an agent xview does not ship (`pnpm drift` loads them). */
  xviewPlugins?: readonly string[];
  /**
   * Programs the CLI runs from PATH, and why the lab needs them there: a CLI
   * that fetches a missing one from the internet would reach beyond
   * 127.0.0.1, so capture and drift refuse to start without them (needs.ts).
   */
  needs?: readonly { program: string; why: string }[];
}
