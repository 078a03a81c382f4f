/** One kind of secret: how to find it, and what of the match to replace. */
interface SecretRule {
  kind: string;
  pattern: RegExp;
  /** Builds the replacement from the match; the default replaces the whole match with the marker. */
  replace?: (marker: string, ...groups: string[]) => string;
}

/** Not inside a longer token: a secret starts after a character that cannot be part of it. */
const START = '(?<![A-Za-z0-9_\\-])';
const END = '(?![A-Za-z0-9_\\-])';

/**
 * The rules, most specific first: a PEM block before anything inside it, a
 * provider's key before the generic assignment that may hold it.
 */
const RULES: readonly SecretRule[] = [
  { kind: 'private-key', pattern: /-----BEGIN ((?:[A-Z0-9]+ )*)PRIVATE KEY( BLOCK)?-----[\s\S]*?-----END \1PRIVATE KEY\2-----/g },
  {
    kind: 'authorization',
    // Keeps the header name and scheme; a shell variable ($TOKEN) is no secret and stays.
    pattern: /((?:Proxy-)?Authorization["']?\s*[:=]\s*["']?(?:Bearer|Basic|Token|Bot)\s+)(?!\$)([A-Za-z0-9._~+/=:-]{8,})/gi,
    replace: (marker, prefix) => `${prefix}${marker}`,
  },
  { kind: 'jwt', pattern: new RegExp(`${START}eyJ[A-Za-z0-9_-]{8,}\\.eyJ[A-Za-z0-9_-]{8,}\\.[A-Za-z0-9_-]{10,}${END}`, 'g') },
  { kind: 'anthropic-key', pattern: new RegExp(`${START}sk-ant-[A-Za-z0-9_-]{20,}${END}`, 'g') },
  // Real OpenAI keys are random: at least 20 characters holding a digit, which words in prose ("sk-learn-docs") do not.
  { kind: 'openai-key', pattern: new RegExp(`${START}sk-(?:proj-|svcacct-|admin-)?(?=[A-Za-z0-9_-]*[0-9])[A-Za-z0-9_-]{20,}${END}`, 'g') },
  { kind: 'github-token', pattern: new RegExp(`${START}(?:gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{22,})${END}`, 'g') },
  { kind: 'aws-access-key', pattern: /(?<![A-Z0-9])(?:AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16}(?![A-Z0-9])/g },
  {
    kind: 'aws-secret-key',
    pattern: /(aws_?secret_?access_?key["']?\s*[:=]\s*["']?)([A-Za-z0-9/+]{40})(?![A-Za-z0-9/+])/gi,
    replace: (marker, prefix) => `${prefix}${marker}`,
  },
  { kind: 'google-api-key', pattern: new RegExp(`${START}AIza[0-9A-Za-z_-]{35}${END}`, 'g') },
  { kind: 'slack-token', pattern: new RegExp(`${START}xox[abposr]-[A-Za-z0-9-]{10,}${END}`, 'g') },
  { kind: 'stripe-key', pattern: new RegExp(`${START}(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{16,}${END}`, 'g') },
  { kind: 'gitlab-token', pattern: new RegExp(`${START}glpat-[A-Za-z0-9_-]{20,}${END}`, 'g') },
  { kind: 'pypi-token', pattern: new RegExp(`${START}pypi-AgE[A-Za-z0-9_-]{50,}${END}`, 'g') },
  { kind: 'sendgrid-key', pattern: new RegExp(`${START}SG\\.[A-Za-z0-9_-]{22}\\.[A-Za-z0-9_-]{43}${END}`, 'g') },
  { kind: 'webhook-url', pattern: /https:\/\/(?:hooks\.slack\.com\/services\/[A-Za-z0-9/_-]{20,}|(?:ptb\.|canary\.)?discord(?:app)?\.com\/api\/webhooks\/\d+\/[A-Za-z0-9_-]{20,})/g },
  {
    kind: 'url-credentials',
    // scheme://user:password@host keeps the scheme, user and host; a URL without a password stays whole,
    // and so does a marker placed above (its brackets are no part of a user or password here).
    pattern: /(\b[a-z][a-z0-9+.-]*:\/\/[^\s:/@"'`[\]]+:)(?!\$)([^\s@/"'`[\]]+)(?=@)/g,
    replace: (marker, prefix) => `${prefix}${marker}`,
  },
  { kind: 'npm-token', pattern: new RegExp(`${START}npm_[A-Za-z0-9]{36}${END}`, 'g') },
  {
    kind: 'env-secret',
    // NAME=value or NAME: value where NAME is an upper-case variable naming a secret. Keeps the
    // name; leaves references ($VAR, ${VAR}), numbers (MAX_TOKENS=4096), booleans, empty values
    // and markers placed by a rule above.
    pattern: /(?<![A-Za-z0-9_])((?:export\s+)?[A-Z][A-Z0-9_]*(?:KEY|TOKEN|SECRET|PASSWORD|PASSWD|CREDENTIALS?)[A-Z0-9_]*["']?\s*(?:=|:\s)\s*["']?)(?![$\s"'[]|\{\{|(?:true|false|null|none|undefined)(?![^\s"'`,;]))(?=[^\s"'`,;]*[^\d\s"'`,;])([^\s"'`,;]{4,})/g,
    replace: (marker, prefix) => `${prefix}${marker}`,
  },
];

/**
 * Replaces the secrets in a text with a marker naming their kind, such as
 * `[REDACTED:openai-key]`: API keys and tokens of common providers (OpenAI,
 * Anthropic, GitHub, GitLab, AWS, Google, Slack, Stripe, npm, PyPI, SendGrid),
 * Slack and Discord webhook URLs, passwords in URLs, `Authorization`
 * header credentials, PEM private keys, JWTs, and the values of `.env`-style
 * assignments whose upper-case name contains KEY, TOKEN, SECRET or PASSWORD.
 * What it does not catch is listed in the package README.
 */
export function redactSecrets(text: string): string {
  let out = text;
  for (const rule of RULES) {
    const marker = `[REDACTED:${rule.kind}]`;
    const replace = rule.replace;
    out = replace ? out.replace(rule.pattern, (_match: string, ...groups: string[]) => replace(marker, ...groups)) : out.replace(rule.pattern, marker);
  }
  return out;
}

/** Every string inside a JSON-like value, redacted; objects and arrays are copied, other values kept. */
export function redactValue<T>(value: T): T {
  if (typeof value === 'string') return redactSecrets(value) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => redactValue(item)) as T;
  if (value !== null && typeof value === 'object') {
    const copy: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) copy[key] = redactValue(item);
    return copy as T;
  }
  return value;
}
