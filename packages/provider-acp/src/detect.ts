import type { Detection } from '@x/core';
import { detectFromLines, isJsonObject, objectField, ownField } from '@x/core/provider-utils';

const NONE: Detection = { confidence: 0, evidence: 'no ACP JSON-RPC message' };
const NO_LINE: Detection = { confidence: 0, evidence: '' };

/** Methods only ACP sends, with how sure each makes it. */
const METHODS: Record<string, Detection> = {
  'session/update': { confidence: 1, evidence: 'ACP session/update notification' },
  'session/prompt': { confidence: 1, evidence: 'ACP session/prompt request' },
  'session/new': { confidence: 1, evidence: 'ACP session/new request' },
  'session/request_permission': { confidence: 1, evidence: 'ACP session/request_permission request' },
};

function scoreLine(value: unknown): Detection {
  if (!isJsonObject(value) || ownField(value, 'jsonrpc') !== '2.0') return NO_LINE;
  const method = ownField(value, 'method');
  if (typeof method === 'string') {
    if (Object.hasOwn(METHODS, method)) return METHODS[method] as Detection;
    // `initialize` is every JSON-RPC protocol's first word (MCP, LSP): ACP's names its client's file-system capabilities.
    const capabilities = objectField(objectField(value, 'params'), 'clientCapabilities');
    if (method === 'initialize' && capabilities !== undefined && Object.hasOwn(capabilities, 'fs'))
      return { confidence: 0.9, evidence: 'ACP initialize request' };
    return NO_LINE;
  }
  const result = objectField(value, 'result');
  if (result !== undefined && typeof ownField(result, 'stopReason') === 'string') return { confidence: 0.8, evidence: 'ACP session/prompt response' };
  if (result !== undefined && objectField(result, 'agentCapabilities') !== undefined) return { confidence: 0.9, evidence: 'ACP initialize response' };
  return NO_LINE;
}

/**
 * How sure it is that lines are ACP traffic: JSON-RPC 2.0 messages of ACP's
 * methods, one per line. Lines that are not JSON are skipped. Never throws.
 */
export function detectAcp(lines: readonly string[]): Detection {
  return detectFromLines(lines, scoreLine, { none: NONE });
}
