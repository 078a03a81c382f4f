import { numberField, objectField, type JsonObject } from '@x/core/provider-utils';

/**
 * What only Copilot reports about a run, from the `usage` of its `result`
 * line: the premium requests it cost and its `codeChanges` (lines added and
 * removed, files modified), kept under `providerMetadata.copilot` of the
 * session end. `undefined` when the result reports neither.
 */
export function copilotResultMetadata(usage: JsonObject | undefined): Record<string, unknown> | undefined {
  const metadata: Record<string, unknown> = {};
  const premiumRequests = numberField(usage, 'premiumRequests');
  if (premiumRequests !== undefined) metadata.premiumRequests = premiumRequests;
  const codeChanges = objectField(usage, 'codeChanges');
  if (codeChanges !== undefined) metadata.codeChanges = codeChanges;
  return Object.keys(metadata).length === 0 ? undefined : metadata;
}
