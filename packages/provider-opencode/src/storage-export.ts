import { isJsonObject, stringField, type JsonObject } from '@x/core/provider-utils';

/** One message of an {@link OpenCodeExport}: the `Message` object and its `Part`s, in order. */
export interface OpenCodeExportMessage {
  info: JsonObject;
  parts: JsonObject[];
}

/**
 * The document `opencode export <sessionID>` prints: the `Session` object and
 * its messages, oldest first, each with its parts. The objects are OpenCode's
 * own (`Session`, `UserMessage` / `AssistantMessage`, `Part` of
 * `@opencode-ai/sdk`), kept as they are.
 */
export interface OpenCodeExport {
  info: JsonObject;
  messages: OpenCodeExportMessage[];
}

// OpenCode ids (`msg_…`, `prt_…`) start with a hex time and a counter, so
// their order is creation order; the files of a directory come in any order.
function byId(a: JsonObject, b: JsonObject): number {
  const left = stringField(a, 'id') ?? '';
  const right = stringField(b, 'id') ?? '';
  return left < right ? -1 : left > right ? 1 : 0;
}

/**
 * Assembles the export document of one session from OpenCode's stored
 * objects: the ≤1.1 JSON files (`storage/session/<project>/<id>.json`,
 * `storage/message/<session>/*.json`, `storage/part/<message>/*.json`) or the
 * rows of the 1.2+ SQLite database once each row's `data` is merged with its
 * ids. Messages of other sessions and parts of other messages are left out;
 * messages and parts are put in id order, which is creation order. Values
 * that are not objects are skipped. Pure: reading the files or the database
 * is the caller's job, and the result feeds `openCodeLogSource` as
 * `JSON.stringify(document)`.
 *
 * @example
 * ```ts
 * const doc = storageToExport(session, messageObjects, partObjects);
 * const { events } = replayLines(openCodeLogSource, [JSON.stringify(doc)]);
 * ```
 */
export function storageToExport(session: unknown, messages: readonly unknown[], parts: readonly unknown[]): OpenCodeExport {
  const info = isJsonObject(session) ? session : {};
  const sessionId = stringField(info, 'id');
  const own = messages.filter(isJsonObject).filter((message) => sessionId === undefined || stringField(message, 'sessionID') === sessionId);
  const partsOf = new Map<string, JsonObject[]>();
  for (const message of own) {
    const id = stringField(message, 'id');
    if (id !== undefined) partsOf.set(id, []);
  }
  for (const part of parts) {
    if (!isJsonObject(part)) continue;
    partsOf.get(stringField(part, 'messageID') ?? '')?.push(part);
  }
  return {
    info,
    messages: own.sort(byId).map((message) => ({ info: message, parts: (partsOf.get(stringField(message, 'id') ?? '') ?? []).sort(byId) })),
  };
}
