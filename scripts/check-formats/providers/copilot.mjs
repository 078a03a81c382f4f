// check:formats for GitHub Copilot CLI (`copilot -p … --output-format json`).
//
// There is no .d.ts: the official JSON Schema (`schemas/session-events.schema.json`)
// ships only inside the platform binary of `@github/copilot`. docs/formats/README.md
// therefore says to check Copilot fixtures against the fields copilot.md lists, so the
// types below are written from copilot.md §2 ("Wire format" and "Display-relevant
// event payloads"), field by field, and nothing is installed.
//
// Where copilot.md gives a field without a type (`toolTitle?;`), it is typed from its
// name and the example stream (fixtures/copilot/examples) (ids, names, paths and messages are strings); where it
// cannot be told (`shellToolInfo?`, `citations?`), it is `unknown`. Where copilot.md
// marks a payload open ("…"), only the listed fields are allowed, so a fixture cannot
// use a field the document does not name. Event types that copilot.md names without
// a payload (the kept `model.call_*` telemetry, the types excluded from stdout that a
// session-state file holds, and unknown future types) are checked against the
// envelope alone.

/** No package: the types are written from copilot.md. */
export const packages = [];

/** Filled by `generate`: lines that are deliberately not session events. */
export const exceptions = [];

const TYPES = String.raw`
// copilot.md §2 "Wire format": every line except the last.
interface Envelope {
  id: string;
  timestamp: string;
  parentId: string | null;
  ephemeral?: boolean;
  agentId?: string;
}

// copilot.md §2 "Wire format": the last line (top-level fields, no data).
interface CopilotResultLine {
  type: 'result';
  timestamp: string;
  sessionId: string;
  exitCode: number;
  usage: {
    premiumRequests: number;
    totalApiDurationMs: number;
    sessionDurationMs: number;
    codeChanges: { linesAdded: number; linesRemoved: number; filesModified: string[] };
  };
}

// copilot.md §2 "Display-relevant event payloads", one entry per event type.
interface ToolRequest {
  toolCallId: string;
  name: string;
  arguments?: unknown;
  type?: 'function' | 'custom';
  toolTitle?: string;
  mcpServerName?: string;
  mcpToolName?: string;
  intentionSummary?: string | null;
}

interface Payloads {
  'session.start': {
    sessionId: string;
    version: number;
    producer: string;
    copilotVersion: string;
    startTime: string;
    selectedModel?: string;
    providerId?: string;
    reasoningEffort?: string;
    context?: { cwd: string; gitRoot?: string; repository?: string; branch?: string; headCommit?: string };
  };
  'session.resume': { resumeTime: string; eventCount: number; selectedModel?: string };
  'session.error': {
    errorType: string;
    message: string;
    errorCode?: string;
    statusCode?: number;
    providerErrorType?: string;
    remediation?: unknown;
    stack?: string;
    url?: string;
  };
  'session.warning': { warningType: string; message: string; url?: string };
  'session.info': { infoType: string; message: string; url?: string };
  'session.task_complete': { summary?: string; success?: boolean; outcome?: 'completed' | 'continue' | 'blocked'; reason?: string };
  'session.mcp_servers_loaded': { servers: { name: string; status: string; source: string }[] };
  'user.message': { content: string; transformedContent?: string; attachments?: unknown; source?: string; interactionId?: string; turnId?: string };
  'assistant.turn_start': { turnId: string; model?: string; interactionId?: string; parentToolCallId?: string };
  'assistant.message_start': { messageId: string; phase?: string };
  'assistant.message_delta': { messageId: string; deltaContent: string; parentToolCallId?: string };
  'assistant.message': {
    messageId: string;
    content: string;
    toolRequests?: ToolRequest[];
    model?: string;
    reasoningText?: string;
    reasoningOpaque?: string;
    encryptedContent?: string;
    phase?: string;
    outputTokens?: number;
    interactionId?: string;
    requestId?: string;
    turnId?: string;
    parentToolCallId?: string;
    citations?: unknown;
  };
  'assistant.reasoning': { reasoningId: string; content: string };
  'assistant.reasoning_delta': { reasoningId: string; deltaContent: string };
  'assistant.tool_call_delta': { toolCallId: string; toolName?: string; toolType?: string; inputDelta: string };
  'assistant.turn_end': { turnId: string; model?: string; parentToolCallId?: string };
  'tool.execution_start': {
    toolCallId: string;
    toolName: string;
    toolTitle?: string;
    arguments?: unknown;
    mcpServerName?: string;
    mcpToolName?: string;
    shellToolInfo?: unknown;
    turnId?: string;
    parentToolCallId?: string;
  };
  'tool.execution_partial_result': { toolCallId: string; partialOutput: string };
  'tool.shell_output': { toolCallId: string; stream?: 'stdout' | 'stderr' | 'terminal'; text: string; sequence: number };
  'tool.execution_progress': { toolCallId: string; progressMessage: string; structuredContent?: unknown };
  'tool.execution_complete': {
    toolCallId: string;
    success: boolean;
    model?: string;
    result?: { content: string; detailedContent?: string; contents?: unknown[]; structuredContent?: unknown };
    error?: { message: string; code?: string; remediation?: unknown };
    shellExecution?: { exitCode: number };
    fileEdits?: { path: string; kind: 'create' | 'edit' | 'delete' }[];
    sandboxed?: boolean;
    turnId?: string;
    parentToolCallId?: string;
    toolTelemetry?: unknown;
  };
  'subagent.started': { toolCallId: string; agentName: string; agentDisplayName: string };
  'subagent.completed': { toolCallId: string; agentName: string; agentDisplayName: string };
  'subagent.failed': { toolCallId: string; agentName: string; agentDisplayName: string };
  abort: { reason: 'user_initiated' | 'remote_command' | 'user_abort' | 'autopilot_credit_limit' };
  'session.usage_checkpoint': { totalNanoAiu: number; totalPremiumRequests?: number; modelCacheState?: unknown; promptCacheBreakState?: unknown };
}

type CopilotEventLine<T extends keyof Payloads> = Envelope & { type: T; data: Payloads[T] };

// Types copilot.md names without a payload: model.call_* (kept on stdout),
// the types excluded from stdout (in a session-state events.jsonl), and unknown
// future types. Only the envelope is checked.
type UnlistedEventLine = Envelope & { type: string; data: { [key: string]: unknown } };
`;

const PAYLOADS = TYPES.slice(TYPES.indexOf('interface Payloads {'), TYPES.indexOf('\n}\n', TYPES.indexOf('interface Payloads {')));
const DOCUMENTED = new Set([...PAYLOADS.matchAll(/^ {2}'?([a-z_.]+)'?: \{/gm)].map((match) => match[1]));

function identifier(file, number) {
  return `${file.replace(/[^A-Za-z0-9]/g, '_')}_line${number}`;
}

/**
 * Generates a TypeScript file that assigns every fixture line to the type of its
 * event. Lines that are not a session event or result line at all (not JSON, not an
 * object, no `type`) are the deliberately malformed input of the parser tests; they
 * are listed as comments and as exceptions instead.
 */
export function generate(fixtures) {
  exceptions.length = 0;
  const out = [TYPES];
  let skipped = 0;
  for (const fixture of fixtures) {
    out.push(`\n// ${fixture.file}`);
    for (const line of fixture.lines) {
      let value;
      try {
        value = JSON.parse(line.text);
      } catch {
        value = undefined;
      }
      if (typeof value !== 'object' || value === null || Array.isArray(value) || typeof value.type !== 'string') {
        skipped += 1;
        out.push(`// line ${line.number}: deliberately not a session event, not checked: ${JSON.stringify(line.text.slice(0, 60))}`);
        continue;
      }
      const type =
        value.type === 'result'
          ? 'CopilotResultLine'
          : DOCUMENTED.has(value.type)
            ? `CopilotEventLine<${JSON.stringify(value.type)}>`
            : 'UnlistedEventLine';
      out.push(`export const ${identifier(fixture.file, line.number)}: ${type} = ${line.text};`);
    }
  }
  if (skipped > 0) exceptions.push(`${skipped} deliberately malformed lines (not JSON or no type) are not checked`);
  return out.join('\n') + '\n';
}
