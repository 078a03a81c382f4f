/** The package version, compiled in by tsup and vitest from package.json. */
declare const __X_VERSION__: string;
