import { defineSessionStore, type SessionListContext, type SessionRow, type SessionStore, type SessionStoreContext } from '@x/core';
import { readEach } from '@x/core/provider-utils';
import { sessionRow } from './session-row.js';

/** One log to list: where it is, its file name, and the session it is a subagent of. */
interface LogFile {
  path: string;
  name: string;
  parentId?: string;
}

/**
 * Qwen Code's runtime folder: `$QWEN_RUNTIME_DIR`, else `$QWEN_HOME`, else
 * `~/.qwen`. (A `advanced.runtimeOutputDir` in its settings moves it too; a
 * store computes its roots from the environment alone, so such a folder is
 * named with `QWEN_RUNTIME_DIR`.)
 */
function runtimeDir({ home, env, fs }: SessionStoreContext): string {
  return env.QWEN_RUNTIME_DIR || env.QWEN_HOME || fs.join(home, '.qwen');
}

const isLog = (entry: { name: string; kind: string }) => entry.kind === 'file' && entry.name.endsWith('.jsonl');

/** The logs of one project folder: `chats/<session>.jsonl`, and `subagents/<session>/agent-<id>.jsonl` when asked. */
async function projectLogs(context: SessionListContext, project: string): Promise<LogFile[]> {
  const { fs } = context;
  const chats = fs.join(project, 'chats');
  const logs: LogFile[] = (await fs.list(chats)).filter(isLog).map((entry) => ({ path: fs.join(chats, entry.name), name: entry.name }));
  if (!context.subagents) return logs;
  const subagents = fs.join(project, 'subagents');
  for (const session of (await fs.list(subagents)).filter((entry) => entry.kind === 'directory')) {
    const dir = fs.join(subagents, session.name);
    for (const entry of (await fs.list(dir)).filter(isLog)) logs.push({ path: fs.join(dir, entry.name), name: entry.name, parentId: session.name });
  }
  return logs;
}

/**
 * Qwen Code's session logs: `<runtime>/projects/<project>/chats/<session>.jsonl`
 * (the project folder is the working directory with every character but
 * letters and digits made `-`), read back as bytes for `qwen-log`. Listing
 * reads each log's head with the log source's own rules.
 */
export const qwenSessionStore: SessionStore = defineSessionStore({
  specificationVersion: 'v1',
  id: 'qwen',
  displayName: 'Qwen Code',
  logSource: 'qwen-log',
  envVariables: ['QWEN_RUNTIME_DIR', 'QWEN_HOME'],
  roots: (context) => [context.fs.join(runtimeDir(context), 'projects')],
  async list(context): Promise<readonly SessionRow[]> {
    const logs: LogFile[] = [];
    for (const root of qwenSessionStore.roots(context)) {
      for (const project of (await context.fs.list(root)).filter((entry) => entry.kind === 'directory')) {
        logs.push(...(await projectLogs(context, context.fs.join(root, project.name))));
      }
    }
    return readEach(logs, (log) => sessionRow(context.fs, log.path, log.name, log.parentId));
  },
  async open(session, { fs }) {
    return { kind: 'bytes', bytes: await fs.stream(session.path) };
  },
});
