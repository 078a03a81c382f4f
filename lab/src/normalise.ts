import { hostname, userInfo } from 'node:os';
import { labCacheDir } from './install.js';

/**
 * The one step that makes a recording say nothing of the machine it was made
 * on. A run happens in a throwaway home (`/tmp/x-lab-XXXX`); every mention of
 * it becomes `/home/lab`, in the forms the agents write it: as it is, with
 * every character but letters and digits made `-` (Claude Code's project
 * folders), relative to `/` (OpenCode's tool titles), and JSON-escaped. The
 * folder the CLI was installed in (the lab's cache, `~/.cache/x-lab` of
 * whoever records: it names their home) becomes `/opt/x-lab`, as the CLI's
 * own stack traces and module paths write it. The host name and the user name
 * become `lab-host` and `lab`. Nothing else changes: timestamps, ids and
 * durations stay as the CLI wrote them, since no test depends on them being
 * any other.
 */
export type Normaliser = (text: string) => string

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Where the recorded CLIs appear to be installed: {@link labCacheDir} as the recordings write it. */
export const NORMALISED_LAB_CACHE = '/opt/x-lab';

/** What names the machine a recording is made on: its host and user names, and where the lab installs the CLIs. */
export interface RecordingMachine {
  host: string;
  user: string;
  labCache: string;
}

/** This machine, as {@link normaliserFor} sees it. */
export function thisMachine(): RecordingMachine {
  return { host: hostname(), user: userInfo().username, labCache: labCacheDir() };
}

type Rule = readonly [RegExp, string];

/** A literal text, replaced wherever it stands. */
const literal = (from: string, to: string): Rule => [new RegExp(escapeRegExp(from), 'g'), to];

/**
 * What names the machine, whatever the run: the lab cache, and the host and
 * user names, each only as a whole word and only when long enough to mean
 * something (a host called `vm` stays): `root` is no one's name.
 */
function machineRules(machine: RecordingMachine): { cache: Rule; names: Rule[] } {
  const word = (name: string, to: string): Rule => [new RegExp(`(?<![A-Za-z0-9_.-])${escapeRegExp(name)}(?![A-Za-z0-9_-])`, 'g'), to];
  const { host, user } = machine;
  const names = [...(host.length >= 3 ? [word(host, 'lab-host')] : []), ...(user.length >= 3 && user !== 'root' ? [word(user, 'lab')] : [])];
  return { cache: literal(machine.labCache, NORMALISED_LAB_CACHE), names };
}

const apply =
  (rules: readonly Rule[]): Normaliser =>
  (text) =>
    rules.reduce((result, [from, to]) => result.replace(from, to), text);

/** A normaliser for one run's home folder, on a machine of this host and user name and this lab cache. */
export function normaliserFor(home: string, machine: RecordingMachine = thisMachine()): Normaliser {
  const { cache, names } = machineRules(machine);
  // The cache first: it may lie in the home of whoever records, whose user name the names replace.
  return apply([
    cache,
    literal(home, '/home/lab'),
    literal(home.replace(/[^A-Za-z0-9]/g, '-'), '-home-lab'),
    // Relative to `/` (OpenCode's tool titles, when the project's root is `/`): after the absolute form is gone.
    literal(home.replace(/^\//, ''), 'home/lab'),
    ...names,
  ]);
}

/**
 * The lab cache's rule of {@link normaliserFor} alone, for recordings whose
 * throwaway home is already gone from them: `pnpm capture --renormalise` runs
 * it over the recordings kept (the rule was added after most of them were
 * made). Host and user names are left to the recording itself: they are
 * words, which a recording may hold for other reasons, and only the run that
 * wrote them knows they name its machine. Running it twice changes nothing.
 */
export function labCacheNormaliser(machine: RecordingMachine = thisMachine()): Normaliser {
  return apply([machineRules(machine).cache]);
}
