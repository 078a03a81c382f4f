// check:formats for the Agent Client Protocol (JSON-RPC 2.0 over stdio, one message per line).
//
// Every fixture line is assigned to the type of its method in
// @agentclientprotocol/sdk@2.4.0's `unstable` entry (the stable protocol and
// the draft fields, such as a prompt response's `usage`): a request's or a
// notification's `params` to the method's request type, a response's `result`
// to the response type its shape names (the SDK's message unions admit any
// extension method, and so would accept anything), an error to `Error`.

export const fixturesFolder = 'acp';

export const packages = ['@agentclientprotocol/sdk@2.4.0', 'zod@4'];

/** Lines that are deliberately not ACP v1, keyed `file:line`: they test unknown kinds, a missing field and a line that is not JSON. */
const deliberate = {
  'errors-and-unknown.jsonl:6': 'a draft update kind (subagent_update) with made-up fields, read as unknown',
  'errors-and-unknown.jsonl:8': 'a tool_call without its title, read as malformed',
  'errors-and-unknown.jsonl:9': 'a line that is not JSON',
};

export const exceptions = [
  `errors-and-unknown.jsonl lines ${Object.keys(deliberate).map((k) => k.split(':')[1]).join(', ')} are deliberately not ACP v1 (an unknown update kind, a tool call without its title, a line that is not JSON)`,
];

const header = `import type * as acp from '@agentclientprotocol/sdk/unstable';

type Params = {
  initialize: acp.InitializeRequest;
  'session/new': acp.NewSessionRequest;
  'session/prompt': acp.PromptRequest;
  'session/cancel': acp.CancelNotification;
  'session/update': acp.SessionNotification;
  'session/request_permission': acp.RequestPermissionRequest;
  'terminal/create': acp.CreateTerminalRequest;
  'terminal/output': acp.TerminalOutputRequest;
  'terminal/wait_for_exit': acp.WaitForTerminalExitRequest;
  'terminal/release': acp.ReleaseTerminalRequest;
};
type Call<M extends keyof Params> = { jsonrpc: '2.0'; id?: number | string; method: M; params: Params[M] };
type Answer<R> = { jsonrpc: '2.0'; id: number | string; result: R };
type Failure = { jsonrpc: '2.0'; id: number | string | null; error: acp.Error };
`;

/** The response type a result's shape names, by the one field only it has. */
const RESULTS = [
  ['stopReason', 'acp.PromptResponse'],
  ['protocolVersion', 'acp.InitializeResponse'],
  ['sessionId', 'acp.NewSessionResponse'],
  ['outcome', 'acp.RequestPermissionResponse'],
  ['terminalId', 'acp.CreateTerminalResponse'],
  ['output', 'acp.TerminalOutputResponse'],
  ['exitCode', 'acp.WaitForTerminalExitResponse'],
];

function typeOf(message) {
  if (typeof message.method === 'string') return `Call<${JSON.stringify(message.method)}>`;
  if (message.error !== undefined) return 'Failure';
  const keys = Object.keys(message.result ?? {});
  const named = RESULTS.find(([key]) => keys.includes(key));
  // An empty result answers terminal/release (and the other methods whose response has no fields).
  return `Answer<${named === undefined ? 'acp.ReleaseTerminalResponse' : named[1]}>`;
}

const identifier = (file, line) => `${file.replace(/[^A-Za-z0-9]/g, '_')}_L${line}`;

function parse(text) {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export function generate(fixtures) {
  const out = [header];
  for (const fixture of fixtures) {
    out.push(`\n// ${fixture.file}`);
    for (const line of fixture.lines) {
      const key = `${fixture.file}:${line.number}`;
      const name = identifier(fixture.file, line.number);
      if (deliberate[key] !== undefined) out.push(`// line ${line.number} skipped: ${deliberate[key]}`);
      else {
        const message = parse(line.text);
        if (message === undefined) out.push(`export const ${name}: 'a JSON line' = 'line ${line.number} is not JSON and is not listed as deliberate';`);
        else out.push(`export const ${name}: ${typeOf(message)} = ${line.text};`);
      }
    }
  }
  return `${out.join('\n')}\n`;
}
