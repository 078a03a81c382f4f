import { cutText } from '@x/core/provider-utils';

/**
 * Why the content items of one message line gave no event, worst first when
 * the line is reported: one malformed item makes a malformed line, else one
 * of an unknown type an unknown line, else it was ignored on purpose.
 */
export interface SkippedItems {
  malformed?: string;
  unknown?: string;
  ignored?: string;
}

/** A wire value quoted in a diagnostic reason, kept short. */
export function quoted(text: string): string {
  return `"${cutText(text, 40)}"`;
}
