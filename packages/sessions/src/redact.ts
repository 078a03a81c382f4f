/** One kind of secret: how to find it, and what of the match to replace. */
interface SecretRule {
  kind: string;
  pattern: RegExp;
  /** Builds the replacement from the match; the default replaces the whole match with the marker. */
  replace?: (marker: string, ...groups: string[]) => string;
}

/**
 * Not inside a longer token: a secret starts after a letter or digit never. A hyphen may come before
 * one: Claude names a project's folder after its working directory with every `/` and `=` made `-`,
 * so `KEY=sk-…` in a path is `KEY-sk-…` in the log's path. So may an underscore, which joins names:
 * an MCP tool is named `mcp__<server>__<tool>`, and a server named after a token spells it there;
 * and an underscore may come after one, for the same reason.
 */
const START = '(?<![A-Za-z0-9])';
const END = '(?![A-Za-z0-9\\-])';

/**
 * A value that stands for a secret rather than being one: a reference (`$TOKEN`,
 * `${TOKEN}`, `{{ token }}`), a placeholder (`<your-key>`, `sk-...`, `xxxx`, `***`),
 * or a marker a rule placed already.
 */
const PLACEHOLDER = '(?![$<{]|\\[REDACTED:|[^\\s"\'`]*(?:\\.\\.\\.|\u2026|\\*\\*\\*|xxxx|XXXX))';

/** The end of a field name that names a secret: `api_key`, `x-api-key`, `SessionToken`, `client_secret`, `password`. */
const SECRET_NAME = '(?:token|secret|password|passwd|api[_-]?key|access[_-]?key|private[_-]?key|authorization|credentials?)';

/**
 * A quoted value of such a field, its quote being the backreference `quote`: an authorization scheme kept (and not
 * skipped, so `Bearer <token>` stays), then a value that is no placeholder and holds no marker yet. The value ends
 * at its own quote only, and a backslash escapes the next character: a password may hold the other quote
 * (`"password": "it's-Secr3t"`) or an escaped one (`"pa\\"ss"` in JSON text).
 */
function fieldValue(quote: number): string {
  const char = `(?:(?!\\${quote})(?:\\\\[^\\n]|[^\\\\\\n]))`;
  return `(?:((?:Bearer|Basic|Token|Bot)\\s+)|(?!(?:Bearer|Basic|Token|Bot)\\s))${PLACEHOLDER}(?!${char}*\\[REDACTED:)(${char}{4,})`;
}

/**
 * The rules, most specific first: a PEM block before anything inside it, a
 * provider's key before the generic assignment that may hold it.
 */
const RULES: readonly SecretRule[] = [
  // A block's body holds no other BEGIN line: without that bound, each of many unclosed BEGIN lines searched the rest of the text.
  { kind: 'private-key', pattern: /-----BEGIN ((?:[A-Z0-9]+ )*)PRIVATE KEY( BLOCK)?-----(?:(?!-----BEGIN )[\s\S])*?-----END \1PRIVATE KEY\2-----/g },
  {
    kind: 'authorization',
    // Keeps the header name and scheme; a shell variable ($TOKEN) is no secret and stays.
    pattern: /((?:Proxy-)?Authorization["']?\s*[:=]\s*["']?(?:Bearer|Basic|Token|Bot)\s+)(?!\$)([A-Za-z0-9._~+/=:-]{8,})/gi,
    replace: (marker, prefix) => `${prefix}${marker}`,
  },
  // The header's run ends before `-eyJ`, where the next try starts: a run of `eyJ-eyJ-…` with no dot was otherwise searched once per hyphen.
  { kind: 'jwt', pattern: new RegExp(`${START}eyJ(?:[A-Za-z0-9_]|-(?!eyJ)){8,}\\.eyJ[A-Za-z0-9_-]{8,}\\.[A-Za-z0-9_-]{10,}${END}`, 'g') },
  { kind: 'anthropic-key', pattern: new RegExp(`${START}sk-ant-[A-Za-z0-9_-]{20,}${END}`, 'g') },
  {
    kind: 'openai-key',
    // Real OpenAI keys are random: at least 20 characters holding a digit, which words in prose ("sk-learn-docs") do not.
    // The digit is looked for once per match, not by a lookahead at every `sk-` of a run (`sk-sk-…` made that quadratic).
    pattern: new RegExp(`${START}(sk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,})${END}`, 'g'),
    replace: (marker, key) => (/[0-9]/.test(key) ? marker : key),
  },
  { kind: 'github-token', pattern: new RegExp(`${START}(?:gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{22,})${END}`, 'g') },
  { kind: 'aws-access-key', pattern: /(?<![A-Z0-9])(?:AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16}(?![A-Z0-9])/g },
  {
    kind: 'aws-secret-key',
    // aws_secret_access_key in a credentials file, SecretAccessKey in the JSON of `aws iam create-access-key` and `aws sts`.
    pattern: /((?:aws_?)?secret_?access_?key["']?\s*[:=]\s*["']?)([A-Za-z0-9/+]{40})(?![A-Za-z0-9/+])/gi,
    replace: (marker, prefix) => `${prefix}${marker}`,
  },
  { kind: 'google-api-key', pattern: new RegExp(`${START}AIza[0-9A-Za-z_-]{35}${END}`, 'g') },
  // `_` is taken into the token as END refuses it after one: a run ending in `_` otherwise failed at every length, from every `xoxb-` in it.
  { kind: 'slack-token', pattern: new RegExp(`${START}(?:xox[abposr]-|xapp-\\d-)[A-Za-z0-9_-]{10,}${END}`, 'g') },
  { kind: 'stripe-key', pattern: new RegExp(`${START}(?:(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{16,}|whsec_[A-Za-z0-9]{24,})${END}`, 'g') },
  // Twilio's account and API key SIDs: AC or SK and 32 lower-case hex digits.
  { kind: 'twilio-sid', pattern: /(?<![A-Za-z0-9])(?:AC|SK)[0-9a-f]{32}(?![A-Za-z0-9])/g },
  {
    kind: 'azure-key',
    // The key of an Azure Storage or Service Bus connection string; SharedAccessKeyName is a name and stays.
    pattern: /(?<![A-Za-z0-9_])((?:AccountKey|SharedAccessKey)\s*=\s*)([A-Za-z0-9+/]{20,}={0,2})/g,
    replace: (marker, prefix) => `${prefix}${marker}`,
  },
  {
    kind: 'azure-sas',
    // The signature of a shared access signature URL (`?sv=...&sig=...`).
    pattern: /([?&]sig=)([A-Za-z0-9%+/=]{16,})/g,
    replace: (marker, prefix) => `${prefix}${marker}`,
  },
  {
    kind: 'connection-string',
    // `;Password=...;` of an ADO.NET or ODBC connection string (Azure SQL, SQL Server).
    pattern: /(;\s*(?:Password|Pwd)\s*=\s*)(?![$<{])([^;"'\n]+)/gi,
    replace: (marker, prefix) => `${prefix}${marker}`,
  },
  { kind: 'gitlab-token', pattern: new RegExp(`${START}glpat-[A-Za-z0-9_-]{20,}${END}`, 'g') },
  { kind: 'pypi-token', pattern: new RegExp(`${START}pypi-AgE[A-Za-z0-9_-]{50,}${END}`, 'g') },
  { kind: 'sendgrid-key', pattern: new RegExp(`${START}SG\\.[A-Za-z0-9_-]{22}\\.[A-Za-z0-9_-]{43}${END}`, 'g') },
  {
    kind: 'webhook-url',
    pattern: /https:\/\/(?:hooks\.slack\.com\/services\/[A-Za-z0-9/_-]{20,}|(?:ptb\.|canary\.)?discord(?:app)?\.com\/api\/webhooks\/\d+\/[A-Za-z0-9_-]{20,})/g,
  },
  {
    kind: 'url-credentials',
    // scheme://user:password@host keeps the scheme, user and host; a URL without a password stays whole,
    // and so does a marker placed above (its brackets are no part of a user or password here). A scheme is
    // at most 32 characters: unbounded, each word of a long `a-b-c-…` run was read to the run's end as one.
    pattern: /(\b[a-z][a-z0-9+.-]{0,31}:\/\/[^\s:/@"'`[\]]*:)(?!\$)([^\s@/"'`[\]]+)(?=@)/g,
    replace: (marker, prefix) => `${prefix}${marker}`,
  },
  { kind: 'npm-token', pattern: new RegExp(`${START}npm_[A-Za-z0-9]{36}${END}`, 'g') },
  {
    kind: 'env-secret',
    // NAME=value or NAME: value where NAME is an upper-case variable naming a secret. Keeps the
    // name; leaves references ($VAR, ${VAR}), numbers (MAX_TOKENS=4096), booleans, empty values
    // and markers placed by a rule above. The name is the whole upper-case run, checked for its word
    // once, where `=` or `: ` follows (a run of KEYKEY… searched for the word at each of its ends was quadratic).
    pattern: new RegExp(
      `(?<![A-Za-z0-9_])((?:export\\s+)?[A-Z][A-Z0-9_]*(?=["']?\\s*(?:=|:\\s))(?<=[A-Z0-9_](?:KEY|TOKEN|SECRET|PASSWORD|PASSWD|CREDENTIALS?)[A-Z0-9_]*)["']?\\s*(?:=|:\\s)\\s*["']?)${PLACEHOLDER}(?![\\s"'[]|(?:true|false|null|none|undefined)(?![^\\s"'\`,;]))(?=[^\\s"'\`,;]*[^\\d\\s"'\`,;])([^\\s"'\`,;]{4,})`,
      'g',
    ),
    replace: (marker, prefix) => `${prefix}${marker}`,
  },
  {
    kind: 'secret-field',
    // A quoted field naming a secret, as JSON and YAML write it ("client_secret": "...", 'x-api-key': '...'), its quotes
    // perhaps escaped as a log's JSON string holds such text (\"password\": \"...\", in the raw download of xview serve).
    pattern: new RegExp(`(\\\\?["'])([A-Za-z0-9_.-]*${SECRET_NAME})\\1(\\s*:\\s*)(\\\\?["'])${fieldValue(4)}\\4`, 'gi'),
    replace: (marker, quote, name, colon, open, scheme) => `${quote}${name}${quote}${colon}${open}${scheme ?? ''}${marker}${open}`,
  },
  {
    kind: 'secret-field',
    // A string literal given to a variable naming a secret in code (auth_token = '...', apiKey: "...").
    pattern: new RegExp(`(?<![A-Za-z0-9_])([a-z][A-Za-z0-9_]*${SECRET_NAME}\\s*[:=]\\s*)(\\\\?["'])${fieldValue(2)}\\2`, 'gi'),
    replace: (marker, prefix, quote, scheme) => `${prefix}${quote}${scheme ?? ''}${marker}${quote}`,
  },
];

const SHORTEST_MATCH = 8;

/** How far from the end of a cut text a secret's first part is looked for: it is shorter than the secret. */
const CUT_TAIL = 256;

/**
 * The first part of a secret that a cut left at the very end of a text (`...`, as a store cuts a session's title
 * from its first prompt, and a preview its input): a token with a provider's prefix and at least one character
 * more, or the value of an upper-case assignment naming a secret. What is left is too short for the secret's rule,
 * or reads as a placeholder (`sk-...`, which needs a character after the prefix to be taken).
 */
const CUT_SECRET = new RegExp(
  `(?:${START}(?:(?:sk-|[sr]k_|whsec_|gh[pousr]_|github_pat_|glpat-|xox[abposr]-|xapp-|AKIA|AIza|npm_|pypi-|SG\\.|eyJ)(?=[^\\s"'\`,;.])|(?:AC|SK)(?=[0-9a-f]{2}))|(?<=(?<![A-Za-z0-9_])[A-Z][A-Z0-9_]*(?:KEY|TOKEN|SECRET|PASSWORD|PASSWD|CREDENTIALS?)[A-Z0-9_]*["']?\\s*(?:=|:\\s)\\s*["']?))[^\\s"'\`,;]*?(?=(?:\\.\\.\\.|\u2026)$)`,
);

/**
 * A PEM private key whose END line a cut took off: its BEGIN line and the key's first characters after it, to the cut.
 * The private-key rule has replaced every block that ends, so a BEGIN line left with text after it opens a key the cut
 * went through (a title cut from a prompt that pastes a key showed its first 20 characters).
 */
const CUT_PRIVATE_KEY = /-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----\s*\S[\s\S]*?(?=(?:\.\.\.|\u2026)$)/;

/**
 * What the rules that keep a prefix (a field's name, a header's scheme, a URL's user) read before a secret, each with
 * the characters its secret is made of: a cut after the prefix left the secret's first part, which is replaced to the
 * cut (`aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxR...` showed 36 of its 40 characters). A URL's port is no password.
 */
const CUT_AFTER: readonly [prefix: string, value: string][] = [
  ['(?:Proxy-)?Authorization["\']?\\s*[:=]\\s*["\']?(?:Bearer|Basic|Token|Bot)\\s+', '[A-Za-z0-9._~+/=:-]+'],
  ['(?:aws_?)?secret_?access_?key["\']?\\s*[:=]\\s*["\']?', '[A-Za-z0-9/+]+'],
  ['(?<![A-Za-z0-9_])(?:AccountKey|SharedAccessKey)\\s*=\\s*', '[A-Za-z0-9+/=]+'],
  ['[?&]sig=', '[A-Za-z0-9%+/=]+'],
  [';\\s*(?:Password|Pwd)\\s*=\\s*', '[^;"\'\\n]+'],
  ['\\b[a-z][a-z0-9+.-]{0,31}:\\/\\/[^\\s:/@"\'`[\\]]*:', '(?!\\d+(?:\\.\\.\\.|\u2026)$)[^\\s@/"\'`[\\]]+'],
  [`\\\\?["'][A-Za-z0-9_.-]*${SECRET_NAME}\\\\?["']\\s*:\\s*\\\\?["']`, '[^\\n]+?'],
  [`(?<![A-Za-z0-9_])[a-z][A-Za-z0-9_]*${SECRET_NAME}\\s*[:=]\\s*\\\\?["']`, '[^\\n]+?'],
  ['https:\\/\\/(?:hooks\\.slack\\.com\\/services\\/|(?:ptb\\.|canary\\.)?discord(?:app)?\\.com\\/api\\/webhooks\\/)', '[A-Za-z0-9/_-]+'],
];

const CUT_VALUE = new RegExp(CUT_AFTER.map(([prefix, value]) => `(?<=${prefix})(?![$<{]|\\[REDACTED:)${value}(?=(?:\\.\\.\\.|\u2026)$)`).join('|'), 'i');

/** A text that ends in a cut: the first part of a secret at its end replaced. Only its last {@link CUT_TAIL} characters are read. */
function redactCut(text: string): string {
  if (!text.endsWith('...') && !text.endsWith('\u2026')) return text;
  const from = Math.max(0, text.length - CUT_TAIL);
  const tail = text.slice(from).replace(CUT_PRIVATE_KEY, '[REDACTED:cut-secret]').replace(CUT_VALUE, '[REDACTED:cut-secret]');
  return text.slice(0, from) + tail.replace(CUT_SECRET, '[REDACTED:cut-secret]');
}

/** Told each secret redaction takes out of a text (the part the marker stands for) and that marker. */
export type SecretFound = (secret: string, marker: string) => void;

/** The part of `match` that `kept` no longer holds: what lies between the prefix and suffix the two share (a rule keeps a name, a scheme, quotes). */
function removedPart(match: string, kept: string): string {
  let start = 0;
  while (start < match.length && start < kept.length && match[start] === kept[start]) start += 1;
  let end = 0;
  while (end < match.length - start && end < kept.length - start && match[match.length - 1 - end] === kept[kept.length - 1 - end]) end += 1;
  return match.slice(start, match.length - end);
}

/**
 * Replaces the secrets in a text with a marker naming their kind, such as
 * `[REDACTED:openai-key]`: API keys and tokens of common providers (OpenAI,
 * Anthropic, GitHub, GitLab, AWS, Google, Slack, Stripe, Twilio, npm, PyPI,
 * SendGrid), Azure connection-string keys and SAS signatures, Slack and
 * Discord webhook URLs, passwords in URLs and connection strings,
 * `Authorization` header credentials, PEM private keys, JWTs, the values of
 * `.env`-style assignments whose upper-case name contains KEY, TOKEN, SECRET
 * or PASSWORD, and quoted values of fields and variables whose name ends in
 * token, secret, password, api_key, access_key, private_key or authorization.
 * It is best effort on known formats: what it does not catch is listed in the
 * package README. `found`, when given, is told each secret taken out.
 */
export function redactSecrets(text: string, found?: SecretFound): string {
  // No rule matches fewer characters (the shortest is an assignment such as `A_KEY=abcd`): ids and kinds skip the rules.
  if (text.length < SHORTEST_MATCH) return text;
  let out = text;
  for (const rule of RULES) {
    const marker = `[REDACTED:${rule.kind}]`;
    const replace = rule.replace;
    out = out.replace(rule.pattern, (match: string, ...groups: string[]) => {
      const kept = replace ? replace(marker, ...groups) : marker;
      if (found !== undefined && kept !== match) found(removedPart(match, kept), marker);
      return kept;
    });
  }
  return redactCut(out);
}

const SECRET_KEY = new RegExp(`${SECRET_NAME}$`, 'i');
const SHOWN_VALUE = new RegExp(`^${PLACEHOLDER}`);
const SCHEME = /^((?:Bearer|Basic|Token|Bot)\s+)/i;

/**
 * The string under a key that names a secret (`{"Authorization": "Bearer ..."}`,
 * `{"headers": {"x-api-key": "..."}}`, `{"password": "..."}`) is replaced whole,
 * keeping an authorization scheme; a reference or placeholder stays.
 */
function redactField(key: string, value: string, found: SecretFound | undefined): string {
  if (!SECRET_KEY.test(key) || value.length < 4 || !SHOWN_VALUE.test(value)) return redactSecrets(value, found);
  const scheme = SCHEME.exec(value)?.[1];
  if (scheme === undefined) {
    found?.(value, '[REDACTED:secret-field]');
    return '[REDACTED:secret-field]';
  }
  if (!SHOWN_VALUE.test(value.slice(scheme.length))) return value;
  found?.(value.slice(scheme.length), '[REDACTED:authorization]');
  return `${scheme}[REDACTED:authorization]`;
}

/** The keys a copy of one object holds so far, and for each key made equal to another where its numbering goes on. */
interface ShownKeys {
  keys: Set<string>;
  next: Map<string, number>;
}

/**
 * A key as the copy holds it: a key that holds a secret is redacted too, and one that redacting made equal to a key
 * before it is told apart (`#2`). The numbering goes on where it stopped for that key: tried from `#2` each time, an
 * object of many keys redacted to one marker took a time that grew with their number squared.
 */
function shownKey(key: string, shown: ShownKeys): string {
  if (!shown.keys.has(key)) {
    shown.keys.add(key);
    return key;
  }
  let n = shown.next.get(key) ?? 2;
  while (shown.keys.has(`${key}#${n}`)) n++;
  shown.keys.add(`${key}#${n}`);
  shown.next.set(key, n + 1);
  return `${key}#${n}`;
}

/**
 * Every string inside a JSON-like value, its keys included, redacted with
 * {@link redactSecrets}; the string under a key that names a secret (`authorization`, `api_key`,
 * `x-api-key`, `password`, `client_secret`, `SessionToken`, ...) is replaced
 * whole. Objects and arrays are copied, other values kept. `found`, when
 * given, is told each secret taken out.
 */
export function redactValue<T>(value: T, found?: SecretFound): T {
  if (typeof value === 'string') return redactSecrets(value, found) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => redactValue(item, found)) as T;
  if (value !== null && typeof value === 'object') {
    const entries: [string, unknown][] = [];
    const keys: ShownKeys = { keys: new Set(), next: new Map() };
    for (const [key, item] of Object.entries(value)) {
      entries.push([shownKey(redactSecrets(key, found), keys), typeof item === 'string' ? redactField(key, item, found) : redactValue(item, found)]);
    }
    // Own properties, as the value had them: assigning `copy[key]` set the copy's prototype for a `__proto__` key, which then
    // vanished from the output and lent its fields to the copy (an input `{"__proto__": {"command": …}}` gained a command).
    return Object.fromEntries(entries) as T;
  }
  return value;
}
