/** The contract version this build of `@x/core` implements. */
export const SPECIFICATION_VERSION = 'v1';

/** Every contract version this build accepts from plugins. */
export const SUPPORTED_SPECIFICATION_VERSIONS: readonly string[] = [SPECIFICATION_VERSION];

/**
 * Throws when a plugin declares a contract version this build does not
 * implement, naming both versions so the fix (upgrade one side) is obvious.
 */
export function checkSpecificationVersion(label: string, declared: unknown): void {
  if (typeof declared === 'string' && SUPPORTED_SPECIFICATION_VERSIONS.includes(declared)) return;
  const got = declared === undefined ? 'no specificationVersion' : `specificationVersion ${JSON.stringify(declared)}`;
  throw new TypeError(
    `${label} declares ${got}, but this @x/core implements contract ${SUPPORTED_SPECIFICATION_VERSIONS.map((v) => `"${v}"`).join(', ')}. ` +
      'Install versions of the plugin and @x/core built for the same contract version.',
  );
}
