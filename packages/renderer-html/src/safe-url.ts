const WEB_URL = /^https?:\/\/[^\s<>"'`\\]+$/i;

/**
 * Whether a link target from untrusted content may become an `href`: only
 * absolute `http:` and `https:` URLs without whitespace, quotes or angle
 * brackets. Everything else (`javascript:`, `data:`, `vbscript:`, relative
 * paths, entity tricks) is rendered as text instead.
 */
export function isSafeHref(url: string): boolean {
  return WEB_URL.test(url);
}

/** The `rel` every link from content carries, so a target cannot reach back to the transcript or be endorsed. */
export const LINK_REL = 'noopener noreferrer nofollow';
