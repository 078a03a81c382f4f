import { createHash } from 'node:crypto';
import type { SessionInfo } from './types.js';

/** How many hex digits of a path's hash tell apart logs that share an id. */
const HASH_DIGITS = 8;

/** A reference of the form `<id or its start>@<hash or its start>`: how a listing names one of several logs with one id. */
const HASHED_REF = /^(.+)@([0-9a-f]{1,8})$/;

/** Half of a surrogate pair without its other half. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, 'g');

/** A short, stable hash of a log's path. */
function pathHash(path: string): string {
  return createHash('sha256').update(path).digest('hex').slice(0, HASH_DIGITS);
}

/** The logs listed under one id: how many, how many are main sessions, and the last main one. */
interface IdGroup {
  logs: number;
  mains: number;
  main: SessionInfo | undefined;
}

/**
 * The sessions with their {@link SessionInfo.key}: the id where no other log
 * has it, else the id and a hash of the path (`<id>@<hash>`). Several logs
 * share an id when a Claude sidechain carries its parent's id or a log was
 * copied. When exactly one of them is a main session (no `parentId`), it
 * keeps the plain id, so its key is the same whether or not subagent
 * sessions are listed.
 */
export function withKeys(sessions: readonly SessionInfo[]): SessionInfo[] {
  // Each id's group is counted once, in place: a group copied for each log, and searched for its main
  // sessions by each, made keys in a time that grew with the square of the logs sharing an id.
  const byId = new Map<string, IdGroup>();
  for (const session of sessions) {
    const group = byId.get(session.id) ?? { logs: 0, mains: 0, main: undefined };
    group.logs += 1;
    if (session.parentId === undefined) {
      group.mains += 1;
      group.main = session;
    }
    byId.set(session.id, group);
  }
  const keyed = sessions.map((session) => {
    const group = byId.get(session.id);
    const plain = group === undefined || group.logs === 1 || (group.mains === 1 && group.main === session);
    // A key goes into URLs and onto command lines, which cannot carry half a surrogate pair (encodeURIComponent throws on
    // one): an id that holds one (JSON spells it, `"\udb40"`) is keyed by its well-formed text and a hash of its path.
    if (LONE_SURROGATE.test(session.id)) return { ...session, key: `${session.id.replace(LONE_SURROGATES, '\ufffd')}@${pathHash(session.path)}` };
    return { ...session, key: plain ? session.id : `${session.id}@${pathHash(session.path)}` };
  });
  // An id is the log's to choose (a Claude log's is its file name): one that spells a key made for another
  // log (`<id>@<hash>`) is given a hash of its own path too, so that the key still names one log.
  const made = new Set(keyed.filter((s) => s.key !== s.id).map((s) => s.key));
  return keyed.map((s) => (s.key === s.id && made.has(s.id) ? { ...s, key: `${s.id}@${pathHash(s.path)}` } : s));
}

function keyOf(session: SessionInfo): string {
  return session.key ?? session.id;
}

function candidateName(session: SessionInfo): string {
  return `${session.agent} ${keyOf(session)} (${session.path})`;
}

/** The one candidate, or a `RangeError` naming them all on one line with how to pick one. */
function onlyOne(ref: string, candidates: readonly SessionInfo[]): SessionInfo {
  if (candidates.length === 1) return candidates[0] as SessionInfo;
  const shown = candidates.slice(0, 10).map(candidateName).join(', ');
  const more = candidates.length > 10 ? `, and ${candidates.length - 10} more` : '';
  throw new RangeError(`"${ref}" names ${candidates.length} logs with one session id: ${shown}${more}; give one of these keys or a log's path.`);
}

/** The sessions a `<id>@<hash>` reference names (each part may be cut short). */
function byHashedRef(sessions: readonly SessionInfo[], ref: string): SessionInfo[] {
  const parts = HASHED_REF.exec(ref);
  if (parts === null) return [];
  const [, id = '', hash = ''] = parts;
  return sessions.filter(
    (s) =>
      keyOf(s) !== s.id &&
      s.id.startsWith(id) &&
      keyOf(s)
        .slice(s.id.length + 1)
        .startsWith(hash),
  );
}

/**
 * The session `ref` names among keyed sessions: its key (refused with a
 * `RangeError` when several logs hold it); else a key cut
 * short (`<id>@<hash>`, either part a prefix); else its id, or the start of
 * one id. An id several logs share names the main session when exactly one
 * keeps the plain id; otherwise the candidates are refused with a
 * `RangeError`, as is a prefix of several ids.
 */
export function pickSession(sessions: readonly SessionInfo[], ref: string): SessionInfo | undefined {
  // Keys are made apart, but 8 hex digits of a hash can be matched by a path made for it: a key two logs hold is refused too.
  const keyed = sessions.filter((s) => keyOf(s) === ref);
  if (keyed.length > 0) return onlyOne(ref, keyed);
  const hashed = byHashedRef(sessions, ref);
  if (hashed.length > 0) return onlyOne(ref, hashed);
  const exact = sessions.filter((s) => s.id === ref);
  if (exact.length > 0) return onlyOne(ref, exact);
  const prefixed = sessions.filter((s) => s.id.startsWith(ref));
  const ids = [...new Set(prefixed.map((s) => s.id))];
  if (ids.length > 1) {
    const shown = prefixed
      .slice(0, 3)
      .map((s) => `${s.agent} ${keyOf(s)}`)
      .join(', ');
    throw new RangeError(`"${ref}" matches ${prefixed.length} sessions (${shown}${prefixed.length > 3 ? ', …' : ''}); give more of the id.`);
  }
  const main = prefixed.find((s) => keyOf(s) === s.id);
  return main ?? (prefixed.length > 0 ? onlyOne(ref, prefixed) : undefined);
}
