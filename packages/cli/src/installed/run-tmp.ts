import { tmpdir } from 'node:os';

/** Names the folder the global setup made for this run's temporary files (inherited by the test workers). */
export const RUN_TMP_ENV = 'X_INSTALLED_RUN_TMP';

/**
 * Where the installed tests make their temporary folders: the run's folder,
 * which the global setup removes at the end (the tests made thousands of
 * homes and left them behind), else the system's temporary folder.
 */
export function runTmp(): string {
  return process.env[RUN_TMP_ENV] ?? tmpdir();
}
