import { homedir, userInfo } from 'node:os';
import { isAbsolute } from 'node:path';

/** The account's home from the password database, when it is an absolute path. */
function accountHome(): string | undefined {
  try {
    const home = userInfo().homedir;
    return isAbsolute(home) ? home : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The home folder xview keeps its own files under (the plugin folder
 * `~/.config/xview`, the code cache `~/.cache/xview`), or undefined when none
 * is known. `HOME` counts only as an absolute path: an empty or relative one
 * (`HOME=` in a service's or a script's environment) made those folders
 * relative to the current directory, which is often a cloned repository, so
 * its `.config/xview/node_modules` ran as the user's plugins and its
 * `.cache/xview/code.cache` was read as xview's code. The account's home is
 * used then instead. Without `HOME`, Node's own answer (`USERPROFILE` on
 * Windows, else the account's home) is taken when it is absolute.
 */
export function userHome(env: Record<string, string | undefined>): string | undefined {
  const home = env.HOME ?? homedir();
  return isAbsolute(home) ? home : accountHome();
}
