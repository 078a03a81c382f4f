import { readFileSync } from 'node:fs';
import { userInfo } from 'node:os';

/*
 * Whether a file or folder that xview takes code from is the current user's
 * alone: the code cache (V8's compiled code of xview) and the plugin folder
 * (`~/.config/xview`: its config.json and node_modules). Code read from
 * either runs as the user, so one that another account can write is not
 * trusted. The rule is OpenSSH's for ~/.ssh, with Debian's allowance for
 * user private groups: owned by the user (or by root, which can change
 * anything anyway), writable by no one else; writable by its group only when
 * that group is the user's own private group (named as the user, the user's
 * primary group, and with no other members), which is what a umask of 002
 * gives every folder a user makes on such systems.
 */

/** The status fields the rule reads (`fs.Stats` has them). */
export interface Ownership {
  uid: number;
  gid: number;
  mode: number;
}

const GROUP_WRITE = 0o020;
const OTHER_WRITE = 0o002;

/** Whether `gid` is the current user's private group: its primary group, named as the user, with no other listed members. */
function isOwnPrivateGroup(gid: number, groupFile: () => string): boolean {
  if (process.getgid === undefined || gid !== process.getgid()) return false;
  let name: string;
  let groups: string;
  try {
    name = userInfo().username;
    groups = groupFile();
  } catch {
    return false;
  }
  // /etc/group lines: name:password:gid:member,member
  const entry = groups.split('\n').find((line) => line.split(':')[2] === String(gid));
  if (entry === undefined) return false;
  const [groupName, , , members = ''] = entry.split(':');
  return groupName === name && members.split(',').every((member) => member === '' || member === name);
}

/**
 * Why `stats` is not the current user's alone, or undefined when it is (and
 * always on a system without POSIX owners, such as Windows, whose profile
 * folders are per user). `groupFile` reads /etc/group; a test gives its own.
 */
export function notYoursAlone(stats: Ownership, groupFile: () => string = () => readFileSync('/etc/group', 'utf8')): string | undefined {
  if (process.getuid === undefined) return undefined;
  const uid = process.getuid();
  if (stats.uid !== uid && stats.uid !== 0) return `it belongs to user ${stats.uid}`;
  if ((stats.mode & OTHER_WRITE) !== 0) return 'anyone can write to it';
  if ((stats.mode & GROUP_WRITE) !== 0 && !isOwnPrivateGroup(stats.gid, groupFile)) return `group ${stats.gid} can write to it`;
  return undefined;
}
