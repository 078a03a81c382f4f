/**
 * A dotted version as the agents' CLIs print them: numbers (`2.0.14`), an
 * optional leading `v`, an optional `-prerelease` tag and `+build` suffix.
 */
interface ParsedVersion {
  numbers: number[];
  /** The tag after `-`, `''` for a release. */
  prerelease: string;
}

// At most 15 digits per part, so every part is a safe integer; at most 8 parts.
const VERSION = /^v?(\d{1,15}(?:\.\d{1,15}){0,7})(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]+)?$/;

function parseVersion(text: string): ParsedVersion | undefined {
  const match = VERSION.exec(text.trim());
  if (match === null) return undefined;
  return { numbers: (match[1] as string).split('.').map(Number), prerelease: match[2] ?? '' };
}

function compareNumbers(a: number[], b: number[]): -1 | 0 | 1 {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    // A missing part counts as zero: `2.1` is `2.1.0`.
    const x = a[i] ?? 0;
    const y = b[i] ?? 0;
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}

/**
 * Compares two dotted versions by their numbers: `-1`, `0` or `1`, or
 * `undefined` when either is not a version or the order cannot be told
 * without guessing. A prerelease comes before its release (`2.1.0-beta` <
 * `2.1.0` < `2.1.1-beta`); two different prereleases of the same numbers are
 * not ordered (tags such as `nightly.20251001` and `preview` have no common
 * scale). The drift alarm only sounds on a `1`, so anything doubtful stays
 * quiet.
 */
export function compareVersions(a: string, b: string): -1 | 0 | 1 | undefined {
  const x = parseVersion(a);
  const y = parseVersion(b);
  if (x === undefined || y === undefined) return undefined;
  const byNumbers = compareNumbers(x.numbers, y.numbers);
  if (byNumbers !== 0) return byNumbers;
  if (x.prerelease === y.prerelease) return 0;
  if (x.prerelease === '') return 1;
  if (y.prerelease === '') return -1;
  return undefined;
}
