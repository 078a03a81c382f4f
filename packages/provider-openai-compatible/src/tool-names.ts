import { toolAliases } from '@x/core/provider-utils';

/**
 * Function names that OpenAI-compatible agents commonly give their tools,
 * mapped onto the canonical vocabulary. Chat Completions has no fixed tool set
 * (the client declares its own functions), so this lists the spellings that
 * popular agent frameworks and the Gemini, Codex and OpenCode tool sets use;
 * anything else passes through unchanged with kind `other`.
 */
export const OPENAI_COMPATIBLE_TOOL_ALIASES: ReadonlyMap<string, string> = toolAliases({
  read_file: 'Read',
  readFile: 'Read',
  read: 'Read',
  view_file: 'Read',
  open_file: 'Read',
  write_file: 'Write',
  writeFile: 'Write',
  write: 'Write',
  create_file: 'Write',
  edit_file: 'Edit',
  editFile: 'Edit',
  edit: 'Edit',
  replace: 'Edit',
  str_replace: 'Edit',
  apply_patch: 'Edit',
  delete_file: 'Delete',
  remove_file: 'Delete',
  move_file: 'Move',
  rename_file: 'Move',
  list_directory: 'LS',
  list_dir: 'LS',
  list_files: 'LS',
  ls: 'LS',
  run_command: 'Bash',
  run_shell: 'Bash',
  run_shell_command: 'Bash',
  run_terminal_command: 'Bash',
  execute_command: 'Bash',
  shell: 'Bash',
  bash: 'Bash',
  grep: 'Grep',
  grep_search: 'Grep',
  search: 'Grep',
  search_files: 'Grep',
  glob: 'Glob',
  find_files: 'Glob',
  fetch: 'WebFetch',
  fetch_url: 'WebFetch',
  web_fetch: 'WebFetch',
  web_search: 'WebSearch',
  google_web_search: 'WebSearch',
  todo_write: 'TodoWrite',
  write_todos: 'TodoWrite',
});
