import { hostname, userInfo } from 'node:os';

/**
 * The one step that makes a recording say nothing of the machine it was made
 * on. A run happens in a throwaway home (`/tmp/x-lab-XXXX`); every mention of
 * it becomes `/home/lab`, in the forms the agents write it: as it is, with
 * every character but letters and digits made `-` (Claude Code's project
 * folders), relative to `/` (OpenCode's tool titles), and JSON-escaped. The
 * host name and the user name become `lab-host` and `lab`. Nothing else
 * changes: timestamps, ids and durations stay as the CLI wrote them, since no
 * test depends on them being any other.
 */
export type Normaliser = (text: string) => string

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A normaliser for one run's home folder, on a machine of this host and user name. */
export function normaliserFor(home: string, machine: { host: string; user: string } = { host: hostname(), user: userInfo().username }): Normaliser {
  const pairs: [string, string][] = [
    [home, '/home/lab'],
    [home.replace(/[^A-Za-z0-9]/g, '-'), '-home-lab'],
    // Relative to `/` (OpenCode's tool titles, when the project's root is `/`): after the absolute form is gone.
    [home.replace(/^\//, ''), 'home/lab'],
  ];
  const { host, user } = machine;
  const replacements = pairs.map(([from, to]) => [new RegExp(escapeRegExp(from), 'g'), to] as const);
  // A user or host name is replaced only as a whole word, and only when it is long enough to mean
  // something (a host called `vm` stays): `root` is no one's name.
  const word = (name: string, to: string) => [new RegExp(`(?<![A-Za-z0-9_.-])${escapeRegExp(name)}(?![A-Za-z0-9_-])`, 'g'), to] as const;
  const names = [host.length >= 3 ? word(host, 'lab-host') : undefined, user.length >= 3 && user !== 'root' ? word(user, 'lab') : undefined].filter((pair) => pair !== undefined);
  return (text) => [...replacements, ...names].reduce((result, [from, to]) => result.replace(from, to), text);
}
