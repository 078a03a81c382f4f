import picocolors from 'picocolors';

/** The environment variables colour support reads. */
export type ColorEnv = Readonly<Record<string, string | undefined>>;

/**
 * Whether to write colour codes. An explicit `color` option wins; then
 * `NO_COLOR` (any non-empty value) turns colour off, as no-color.org asks;
 * then `FORCE_COLOR` turns it on (`0` and `false` turn it off); otherwise
 * colour follows the sink: on for a terminal unless `TERM=dumb`, off for a
 * file, a pipe or a string.
 */
export function shouldUseColor(options: { color?: boolean | undefined; isTTY: boolean; env: ColorEnv }): boolean {
  if (options.color !== undefined) return options.color;
  const { env } = options;
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  const force = env.FORCE_COLOR;
  if (force !== undefined) return force !== '0' && force !== 'false';
  return options.isTTY && env.TERM !== 'dumb';
}

/** picocolors' formatters, created for one renderer with colour on or off. */
export type Colors = ReturnType<typeof picocolors.createColors>;

/** The formatters for `enabled`: identity functions when colour is off. */
export function createPalette(enabled: boolean): Colors {
  return picocolors.createColors(enabled);
}
