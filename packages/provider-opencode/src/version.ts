/** The version of `@x/provider-opencode`, compiled in from package.json. */
export const VERSION: string = __X_VERSION__;
