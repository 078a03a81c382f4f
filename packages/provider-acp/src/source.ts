import { defineSource, type DisplayEventSource } from '@x/core';
import { detectAcp } from './detect.js';
import { createAcpParser } from './parser.js';

/**
 * The ACP protocol version this source reads (stable ACP v1, as
 * `@agentclientprotocol/sdk` types it). The session start's `agentVersion`
 * is the version the agent's `initialize` answer names, so a stream of a
 * newer protocol with update kinds this source does not know raises the
 * drift alarm.
 */
export const ACP_PROTOCOL_VERSION = '1';

/** Creates the ACP source: JSON-RPC 2.0 traffic of the Agent Client Protocol, one message per line. */
export function createAcpSource(): DisplayEventSource {
  return defineSource({
    specificationVersion: 'v1',
    id: 'acp',
    displayName: 'Agent Client Protocol (ACP)',
    cadence: 'streaming',
    detect: detectAcp,
    testedUpTo: ACP_PROTOCOL_VERSION,
    createParser: () => createAcpParser(),
  });
}

/** The ACP source. */
export const acpSource: DisplayEventSource = createAcpSource();
