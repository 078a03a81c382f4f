import type { StoreFileSystem } from '@x/core';
import { storeParent } from '@x/core/provider-utils';

/**
 * Where one of OpenCode's JSON trees keeps a session's message files and
 * their part files, given the session's info file. The objects in the files
 * are the same in both trees (docs/formats/opencode.md, "Session logs"):
 * only the folders differ.
 */
export interface StorageTree {
  /** What a listing row names the tree by (its `storage`). */
  storage: string;
  /** The folder of the session's message files. */
  messageDir(fs: Pick<StoreFileSystem, 'join'>, sessionFile: string, sessionId: string): string;
  /** The folder of one message's part files. */
  partDir(fs: Pick<StoreFileSystem, 'join'>, sessionFile: string, sessionId: string, messageId: string): string;
  /**
   * Whether a message's usage is its step-finish parts' and not its own `tokens`: 0.x keeps every step of a
   * turn in one message, whose `tokens` are its last step's (docs/formats/opencode.md, L11).
   */
  usageFromSteps: boolean;
}

/**
 * OpenCode 1.0 and 1.1: `storage/session/<project>/<id>.json`,
 * `storage/message/<session>/<message>.json`, `storage/part/<message>/<part>.json`.
 */
export const STORAGE_TREE: StorageTree = {
  storage: 'opencode-storage',
  messageDir: (fs, file, sessionId) => fs.join(storeParent(storeParent(storeParent(file))), 'message', sessionId),
  partDir: (fs, file, _sessionId, messageId) => fs.join(storeParent(storeParent(storeParent(file))), 'part', messageId),
  usageFromSteps: false,
};

/**
 * OpenCode 0.x: one tree a project, `project/<project>/storage/session/` holding
 * `info/<id>.json`, `message/<session>/<message>.json` and
 * `part/<session>/<message>/<part>.json` (recorded: fixtures/opencode-log/recorded/0.5.29/).
 */
export const PROJECT_STORAGE_TREE: StorageTree = {
  storage: 'opencode-project-storage',
  messageDir: (fs, file, sessionId) => fs.join(storeParent(storeParent(file)), 'message', sessionId),
  partDir: (fs, file, sessionId, messageId) => fs.join(storeParent(storeParent(file)), 'part', sessionId, messageId),
  usageFromSteps: true,
};

/** The tree a row's `storage` names, or `undefined` for a session that is no JSON tree's. */
export function storageTreeNamed(storage: string): StorageTree | undefined {
  return [STORAGE_TREE, PROJECT_STORAGE_TREE].find((tree) => tree.storage === storage);
}

/** Adds the `.json` files directly in a folder to `files`, by path, one at a time (spread as arguments, 125,000 overflowed the stack). */
async function addJsonFiles(fs: StoreFileSystem, dir: string, files: string[]): Promise<void> {
  for (const entry of await fs.list(dir)) if (entry.kind === 'file' && entry.name.endsWith('.json')) files.push(fs.join(dir, entry.name));
}

/** The info files of OpenCode 1.0 and 1.1: `storage/session/<project>/<id>.json` under the data folder. */
export async function storageSessionFiles(fs: StoreFileSystem, data: string): Promise<string[]> {
  const sessions = fs.join(data, 'storage', 'session');
  const files: string[] = [];
  for (const project of await fs.list(sessions)) {
    if (project.kind === 'directory') await addJsonFiles(fs, fs.join(sessions, project.name), files);
  }
  return files;
}

/** The info files of OpenCode 0.x: `project/<project>/storage/session/info/<id>.json` under the data folder. */
export async function projectSessionFiles(fs: StoreFileSystem, data: string): Promise<string[]> {
  const projects = fs.join(data, 'project');
  const files: string[] = [];
  for (const project of await fs.list(projects)) {
    if (project.kind === 'directory') await addJsonFiles(fs, fs.join(projects, project.name, 'storage', 'session', 'info'), files);
  }
  return files;
}
