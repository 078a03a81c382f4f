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

/** How an error names a plugin: its id and display name when it has them. */
function pluginLabel(kind: 'source' | 'renderer', plugin: unknown): string {
  const { id, displayName } = (plugin ?? {}) as { id?: unknown; displayName?: unknown };
  let label = typeof id === 'string' && id !== '' ? `${kind} "${id}"` : kind;
  if (typeof displayName === 'string' && displayName !== '') label += ` (${displayName})`;
  return label;
}

/**
 * Checks the contract version of a source where it is used (registry,
 * pipeline, line processor), not only where the plugin defined it against its
 * own copy of core: a plugin built for another contract is refused by name
 * before any of its code runs.
 */
export function checkSourceVersion(source: unknown): void {
  checkSpecificationVersion(pluginLabel('source', source), (source as { specificationVersion?: unknown } | null)?.specificationVersion);
}

/** {@link checkSourceVersion} for a renderer; a renderer with an `id` is named by it. */
export function checkRendererVersion(renderer: unknown): void {
  checkSpecificationVersion(pluginLabel('renderer', renderer), (renderer as { specificationVersion?: unknown } | null)?.specificationVersion);
}
