// check:formats for Claude Code (`claude -p --output-format stream-json|json`).
//
// Every fixture line is assigned to the official type of
// @anthropic-ai/claude-agent-sdk@0.3.329. Its sdk.d.ts imports BetaMessage,
// BetaRawMessageStreamEvent, BetaUsage and MessageParam from @anthropic-ai/sdk,
// UUID from Node's `crypto` (hence @types/node), and zod and
// @modelcontextprotocol/sdk (its other peers, pinned so the install is the same
// every time). Without @anthropic-ai/sdk and @types/node, skipLibCheck would
// quietly turn `message` and `uuid` into `any`.

export const fixturesFolder = 'claude';

export const packages = [
  '@anthropic-ai/claude-agent-sdk@0.3.329',
  '@anthropic-ai/sdk@1.11.0',
  '@modelcontextprotocol/sdk@1.32.2',
  'zod@4.6.7',
  '@types/node@20.19.43',
];

/**
 * Lines that are deliberately not the official type, keyed `file:line`. They
 * test that the parser tolerates what the CLI can put on stdout besides its
 * messages (quirk 12) and types it does not know yet (the SDK: "the set grows
 * over time").
 */
const deliberate = {
  'unknown-and-malformed.jsonl:4': 'stderr text on stdout (claude.md quirk 12)',
  'unknown-and-malformed.jsonl:6': 'a message type newer than the SDK types',
  'unknown-and-malformed.jsonl:7': 'a system subtype newer than the SDK types',
  'unknown-and-malformed.jsonl:9': 'JSON that is not an object',
  'unknown-and-malformed.jsonl:13': 'a line cut short',
  'unknown-and-malformed.jsonl:16': 'an object without a type',
  'block-kinds.jsonl:6': 'a content block kind newer than the API types',
};

/** The type each fixture's lines (or, for `.json`, its whole document) are assigned to. */
const documentTypes = {
  // --output-format json without --verbose: the last result only.
  'json-result.json': 'SDKResultMessage',
  // --output-format json --verbose: every message, as one array.
  'verbose-json-array.json': 'SDKMessage[]',
  // CLI 1.0.21, before total_cost_usd (claude.md quirk 1).
  'legacy-cost-fields.jsonl': 'LegacySDKMessage_1_0_21',
};

const linesOf = (file) =>
  Object.keys(deliberate)
    .filter((key) => key.startsWith(`${file}:`))
    .map((key) => key.split(':')[1])
    .join(', ');

export const exceptions = [
  `unknown-and-malformed.jsonl lines ${linesOf('unknown-and-malformed.jsonl')} are deliberately not SDKMessage (non-JSON, unknown type, cut line)`,
  `block-kinds.jsonl line ${linesOf('block-kinds.jsonl')} is deliberately not SDKMessage (a content block kind the API types do not have)`,
  'legacy-cost-fields.jsonl is checked against the SDKMessage of @anthropic-ai/claude-code@1.0.21 (copied into the check), not 0.3.329',
];

const header = `/// <reference types="node" />
import type {
  SDKActiveGoalMessage,
  SDKControlRequest,
  SDKControlResponse,
  SDKMessage,
  SDKResultMessage,
} from '@anthropic-ai/claude-agent-sdk';
import type { Message, MessageParam, Usage } from '@anthropic-ai/sdk/resources/index.mjs';

// sdk.d.ts (sdk:10488) does not export StdoutMessage, "everything the CLI writes
// to its output stream", nor two of its members; these two are copied verbatim.
type SDKControlCancelRequest = { type: 'control_cancel_request'; request_id: string };
type SDKKeepAliveMessage = { type: 'keep_alive' };
type StdoutMessage =
  | SDKMessage
  | SDKActiveGoalMessage
  | SDKControlResponse
  | SDKControlRequest
  | SDKControlCancelRequest
  | SDKKeepAliveMessage;

// SDKMessage of @anthropic-ai/claude-code@1.0.21 sdk.d.ts, copied verbatim
// (its API types come from the installed @anthropic-ai/sdk).
type NonNullableUsage_1_0_21 = { [K in keyof Usage]: NonNullable<Usage[K]> };
type LegacySDKMessage_1_0_21 =
  | { type: 'assistant'; message: Message; parent_tool_use_id: string | null; session_id: string }
  | { type: 'user'; message: MessageParam; parent_tool_use_id: string | null; session_id: string }
  | {
      type: 'result';
      subtype: 'success';
      cost_usd: number;
      duration_ms: number;
      duration_api_ms: number;
      is_error: boolean;
      num_turns: number;
      result: string;
      session_id: string;
      total_cost: number;
      usage: NonNullableUsage_1_0_21;
    }
  | {
      type: 'result';
      subtype: 'error_max_turns' | 'error_during_execution';
      cost_usd: number;
      duration_ms: number;
      duration_api_ms: number;
      is_error: boolean;
      num_turns: number;
      session_id: string;
      total_cost: number;
      usage: NonNullableUsage_1_0_21;
    }
  | {
      type: 'system';
      subtype: 'init';
      apiKeySource: 'user' | 'project' | 'org' | 'temporary';
      cwd: string;
      session_id: string;
      tools: string[];
      mcp_servers: { name: string; status: string }[];
      model: string;
      permissionMode: 'default' | 'acceptEdits' | 'bypassPermissions' | 'plan';
    };
`;

const identifier = (file, line) => `${file.replace(/[^A-Za-z0-9]/g, '_')}_L${line}`;

function isJson(text) {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

export function generate(fixtures) {
  const out = [header];
  for (const fixture of fixtures) {
    out.push(`\n// ${fixture.file}`);
    const type = documentTypes[fixture.file] ?? 'StdoutMessage';
    if (fixture.file.endsWith('.json')) {
      out.push(`export const ${identifier(fixture.file, 1)}: ${type} = ${fixture.text.trim()};`);
      continue;
    }
    for (const line of fixture.lines) {
      const key = `${fixture.file}:${line.number}`;
      const name = identifier(fixture.file, line.number);
      if (deliberate[key] !== undefined) {
        out.push(`// line ${line.number} skipped: ${deliberate[key]}`);
      } else if (!isJson(line.text)) {
        // A TypeScript error that names the line, rather than a crash of the generator.
        out.push(`export const ${name}: 'a JSON line' = 'line ${line.number} is not JSON and is not listed as deliberate';`);
      } else {
        out.push(`export const ${name}: ${type} = ${line.text};`);
      }
    }
  }
  return out.join('\n') + '\n';
}
