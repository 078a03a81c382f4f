/** The version of this package, as published. */
export const VERSION: string = __X_VERSION__;
