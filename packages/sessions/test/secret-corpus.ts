/**
 * Fake secrets in the shapes real ones have (prefix, alphabet, length), each
 * with the kind its marker must name. None is a live credential: the random
 * parts were typed for this corpus. The shapes follow the providers' published
 * formats: AWS IAM "Understanding unique ID prefixes" and the JSON of
 * `aws iam create-access-key` / `aws sts get-session-token`; Google Cloud's
 * service-account key file; Azure Storage, Service Bus and SQL connection
 * strings and SAS URLs (Microsoft Learn); GitHub's "About authentication"
 * token prefixes; GitLab's token prefixes; Slack's token types; Stripe's API
 * keys and webhook secrets; Twilio's SIDs (AC/SK and 32 hex digits) and auth
 * token; npm's and PyPI's token formats; SendGrid's API key format; RFC 7519
 * JWTs; RFC 7468 PEM.
 */
export const SECRETS: readonly { kind: string; text: string; secret: string }[] = [
  { kind: 'openai-key', text: 'export OPENAI_API_KEY=sk-proj-Xf3kL9qPzT1vB7nM2sR8wY4cJ6hD0gA5eU_aQ-kzw1Lx', secret: 'sk-proj-Xf3kL9qPzT1vB7nM2sR8wY4cJ6hD0gA5eU_aQ-kzw1Lx' },
  { kind: 'openai-key', text: 'client = OpenAI(api_key="sk-4fT8kQ2mZ9xR1vB6nL3pW7yH0cJ5dG2aE8uS4tK1oI9rM3zX")', secret: 'sk-4fT8kQ2mZ9xR1vB6nL3pW7yH0cJ5dG2aE8uS4tK1oI9rM3zX' },
  { kind: 'anthropic-key', text: 'key: sk-ant-api03-Qm7Zx2Lp9Vt4Rk1Wn8Bs3Hd6Jf0Gc5Ya-Ue_Ti2Oq7Pl4Mn9Kb1Xv-abcDEF12', secret: 'sk-ant-api03-Qm7Zx2Lp9Vt4Rk1Wn8Bs3Hd6Jf0Gc5Ya-Ue_Ti2Oq7Pl4Mn9Kb1Xv-abcDEF12' },
  { kind: 'github-token', text: 'git clone https://ghp_1a2B3c4D5e6F7g8H9i0J1k2L3m4N5o6P7q8R@github.com/o/r', secret: 'ghp_1a2B3c4D5e6F7g8H9i0J1k2L3m4N5o6P7q8R' },
  { kind: 'github-token', text: 'GH token gho_Zz9Yy8Xx7Ww6Vv5Uu4Tt3Ss2Rr1Qq0Pp9Oo8Nn in the log', secret: 'gho_Zz9Yy8Xx7Ww6Vv5Uu4Tt3Ss2Rr1Qq0Pp9Oo8Nn' },
  { kind: 'github-token', text: 'installation token ghs_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789', secret: 'ghs_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789' },
  { kind: 'github-token', text: 'github_pat_11ABCDEFG0aBcDeFgHiJkL_mNoPqRsTuVwXyZ0123456789abcdefghijklmnopqrstuvwxyzAB', secret: 'github_pat_11ABCDEFG0aBcDeFgHiJkL_mNoPqRsTuVwXyZ0123456789abcdefghijklmnopqrstuvwxyzAB' },
  { kind: 'aws-access-key', text: 'aws_access_key_id = AKIAQ3EXAMPLEZ7KD2LM', secret: 'AKIAQ3EXAMPLEZ7KD2LM' },
  { kind: 'aws-secret-key', text: 'aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYzEXAMPLEKY', secret: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYzEXAMPLEKY' },
  { kind: 'google-api-key', text: '"apiKey": "AIzaSyD4k9Lm2Pq7Rs1Tu8Vw3Xy6Za0Bc5De9Fg"', secret: 'AIzaSyD4k9Lm2Pq7Rs1Tu8Vw3Xy6Za0Bc5De9Fg' },
  { kind: 'slack-token', text: 'SLACK=xoxb-2048-4096-Zq8Wp3Lm7Kn2Jb5Hv9Gc1Fx', secret: 'xoxb-2048-4096-Zq8Wp3Lm7Kn2Jb5Hv9Gc1Fx' },
  { kind: 'stripe-key', text: 'Stripe.api_key = "sk_live_51HqZ2kLm9Np3Qr7St1Uv5Wx"', secret: 'sk_live_51HqZ2kLm9Np3Qr7St1Uv5Wx' },
  { kind: 'npm-token', text: '//registry.npmjs.org/:_authToken=npm_a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8', secret: 'npm_a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8' },
  { kind: 'authorization', text: 'curl -H "Authorization: Bearer 7f3a9c2e1b8d4f6a0c5e9b2d7a1f4c8e" https://api.example.com', secret: '7f3a9c2e1b8d4f6a0c5e9b2d7a1f4c8e' },
  { kind: 'authorization', text: 'authorization: Basic dXNlcjpodW50ZXIy', secret: 'dXNlcjpodW50ZXIy' },
  { kind: 'authorization', text: '{"headers":{"Authorization":"Bearer abc123def456ghi789"}}', secret: 'abc123def456ghi789' },
  {
    kind: 'jwt',
    text: 'session=eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkphbmUifQ.dGhpc2lzbm90YXJlYWxzaWduYXR1cmU',
    secret: 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkphbmUifQ.dGhpc2lzbm90YXJlYWxzaWduYXR1cmU',
  },
  {
    kind: 'private-key',
    text: 'id_rsa:\n-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA1x2y3z4Q\nfakeFakeFakeBase64Lines==\n-----END RSA PRIVATE KEY-----\nend',
    secret: 'MIIEowIBAAKCAQEA1x2y3z4Q',
  },
  {
    kind: 'private-key',
    text: '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQ\n-----END OPENSSH PRIVATE KEY-----',
    secret: 'b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQ',
  },
  { kind: 'private-key', text: '-----BEGIN PRIVATE KEY-----\nMC4CAQAwBQYDK2VwBCIEIFakeEd25519Key\n-----END PRIVATE KEY-----', secret: 'MC4CAQAwBQYDK2VwBCIEIFakeEd25519Key' },
  { kind: 'gitlab-token', text: 'git remote add origin https://oauth2@gitlab.com/x.git # glpat-xY3kL9qPzT1vB7nM2sR8', secret: 'glpat-xY3kL9qPzT1vB7nM2sR8' },
  { kind: 'pypi-token', text: 'password = pypi-AgEIcHlwaS5vcmcCJDAwMDAwMDAwLTAwMDAtMDAwMC0wMDAwLTAwMDAwMDAwMDAwMA', secret: 'pypi-AgEIcHlwaS5vcmcCJDAwMDAwMDAwLTAwMDAtMDAwMC0wMDAwLTAwMDAwMDAwMDAwMA' },
  { kind: 'sendgrid-key', text: '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', secret: 'qR7sT9uV1wX3yZ5aB7cD9eF1gH3iJ5kL7mN9oP1qR3s' },
  { kind: 'webhook-url', text: 'post to https://hooks.slack.com/services/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', secret: 'Xy7Zq8Wp3Lm7Kn2Jb5Hv9Gc1' },
  { kind: 'webhook-url', text: '"url": "https://discord.com/api/webhooks/123456789012345678/aBcDeFgHiJkLmNoPqRsTuVwXyZ0123"', secret: 'aBcDeFgHiJkLmNoPqRsTuVwXyZ0123' },
  { kind: 'url-credentials', text: 'curl https://deploy:hunter2pass@example.com/x', secret: 'hunter2pass' },
  { kind: 'url-credentials', text: 'DATABASE_URL=postgres://app:s3cretPw@db.internal/prod', secret: 's3cretPw' },
  { kind: 'env-secret', text: 'DATABASE_PASSWORD=hunter2-correct-horse', secret: 'hunter2-correct-horse' },
  { kind: 'env-secret', text: 'export MY_SERVICE_TOKEN="tok-live-93kd83jd"', secret: 'tok-live-93kd83jd' },
  { kind: 'env-secret', text: 'JWT_SECRET: s3cr3t-value-here', secret: 's3cr3t-value-here' },
  { kind: 'env-secret', text: 'STRIPE_WEBHOOK_KEY=whsec_abc123', secret: 'whsec_abc123' },
  // Found through --redact whole before the rules of #28's second pass.
  {
    kind: 'aws-secret-key',
    text: '{"AccessKey": {"UserName": "ci", "AccessKeyId": "AKIAQ3EXAMPLEZ7KD2LM", "Status": "Active", "SecretAccessKey": "wJalrXUtnFEMI/K7MDENG/bPxRfiCYzEXAMPLEKY"}}',
    secret: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYzEXAMPLEKY',
  },
  { kind: 'secret-field', text: '"SessionToken": "IQoJb3JpZ2luX2VjEJr//////////wEaCXVzLWVhc3QtMSJHMEUCIQD6fakefakefake"', secret: 'IQoJb3JpZ2luX2VjEJr//////////wEaCXVzLWVhc3QtMSJHMEUCIQD6fakefakefake' },
  {
    kind: 'private-key',
    // A service-account key file as a tool prints it: the PEM's line breaks are JSON escapes.
    text: '{"type": "service_account", "project_id": "demo", "private_key_id": "3f1c9a7e", "private_key": "-----BEGIN PRIVATE KEY-----\\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\\nfakeFakeLines==\\n-----END PRIVATE KEY-----\\n"}',
    secret: 'MIIEvQIBADANBgkqhkiG9w0BAQEFAASC',
  },
  {
    kind: 'azure-key',
    text: 'DefaultEndpointsProtocol=https;AccountName=demoacct;AccountKey=Zm9vYmFyYmF6cXV4Zm9vYmFyYmF6cXV4Zm9vYmFyYmF6cXV4Zm9vYmFyYmF6cXV4Zm9vYmFyYmF6cXV4Zm9vYg==;EndpointSuffix=core.windows.net',
    secret: 'Zm9vYmFyYmF6cXV4Zm9vYmFyYmF6cXV4Zm9vYmFyYmF6cXV4Zm9vYmFyYmF6cXV4Zm9vYmFyYmF6cXV4Zm9vYg==',
  },
  {
    kind: 'azure-key',
    text: 'Endpoint=sb://demo.servicebus.windows.net/;SharedAccessKeyName=RootManageSharedAccessKey;SharedAccessKey=q8Zp3Lm7Kn2Jb5Hv9Gc1FxWt4Rd6Ys0Ua2Ei8Oo5Pl=',
    secret: 'q8Zp3Lm7Kn2Jb5Hv9Gc1FxWt4Rd6Ys0Ua2Ei8Oo5Pl=',
  },
  { kind: 'connection-string', text: 'Server=tcp:demo.database.windows.net,1433;Initial Catalog=app;User ID=admin;Password=Tr0ub4dor&3x;Encrypt=True;', secret: 'Tr0ub4dor&3x' },
  {
    kind: 'azure-sas',
    text: 'https://demo.blob.core.windows.net/c/f.txt?sv=2022-11-02&ss=b&srt=o&sp=r&se=2026-12-01T00:00:00Z&sig=Xy7Zq8Wp3Lm7Kn2Jb5Hv9Gc1Fx%2BWt4Rd6Ys0Ua%3D',
    secret: 'Xy7Zq8Wp3Lm7Kn2Jb5Hv9Gc1Fx%2BWt4Rd6Ys0Ua%3D',
  },
  { kind: 'slack-token', text: 'app token xapp-1-A0123BCDE45-6789012345678-0a1b2c3d4e5f60718293a4b5c6d7e8f9', secret: 'xapp-1-A0123BCDE45-6789012345678-0a1b2c3d4e5f60718293a4b5c6d7e8f9' },
  { kind: 'stripe-key', text: 'endpoint secret whsec_5f4e3d2c1b0a99887766554433221100ffee', secret: 'whsec_5f4e3d2c1b0a99887766554433221100ffee' },
  { kind: 'twilio-sid', text: "account_sid = 'AC0a1b2c3d4e5f60718293a4b5c6d7e8f9'", secret: 'AC0a1b2c3d4e5f60718293a4b5c6d7e8f9' },
  { kind: 'twilio-sid', text: 'twilio api:core:keys:create gave SK0a1b2c3d4e5f60718293a4b5c6d7e8f9', secret: 'SK0a1b2c3d4e5f60718293a4b5c6d7e8f9' },
  { kind: 'secret-field', text: "auth_token = 'f1e2d3c4b5a697887766554433221100'", secret: 'f1e2d3c4b5a697887766554433221100' },
  { kind: 'secret-field', text: '{"headers": {"x-api-key": "k3y-9f8e7d6c5b4a39281706"}}', secret: 'k3y-9f8e7d6c5b4a39281706' },
  { kind: 'secret-field', text: '"password": "hunter2-Prod!"', secret: 'hunter2-Prod!' },
  // A value holding the other quote, or an escaped one; and a JSON text as a log's JSON string holds it (the raw download of `xview serve`).
  { kind: 'secret-field', text: `{"db_password": "it's-Pr0d!"}`, secret: "it's-Pr0d!" },
  { kind: 'secret-field', text: `{"password": "pa\\"ss-Pr0d"}`, secret: 'ss-Pr0d' },
  { kind: 'secret-field', text: `{"output":"{\\"client_secret\\": \\"cs-7Hq2Lm9Xw4\\"}"}`, secret: 'cs-7Hq2Lm9Xw4' },
  { kind: 'url-credentials', text: 'REDIS_URL=redis://:p4ssw0rdR3dis@cache.internal:6379/0', secret: 'p4ssw0rdR3dis' },
  // Shapes the rules above caught already, kept so that every published format is in the corpus.
  { kind: 'stripe-key', text: 'restricted key rk_live_51HqZ2kLm9Np3Qr7St1Uv5WxYz', secret: 'rk_live_51HqZ2kLm9Np3Qr7St1Uv5WxYz' },
  { kind: 'slack-token', text: 'xoxp-1234567890-1234567890-1234567890123-0a1b2c3d4e5f60718293a4b5c6d7e8f9', secret: 'xoxp-1234567890-1234567890-1234567890123-0a1b2c3d4e5f60718293a4b5c6d7e8f9' },
  { kind: 'anthropic-key', text: 'admin key sk-ant-admin01-Qm7Zx2Lp9Vt4Rk1Wn8Bs3Hd6Jf0Gc5Ya-Ue_Ti2Oq7Pl4Mn9Kb1Xv', secret: 'sk-ant-admin01-Qm7Zx2Lp9Vt4Rk1Wn8Bs3Hd6Jf0Gc5Ya-Ue_Ti2Oq7Pl4Mn9Kb1Xv' },
  { kind: 'env-secret', text: 'TWILIO_AUTH_TOKEN=f1e2d3c4b5a697887766554433221100', secret: 'f1e2d3c4b5a697887766554433221100' },
  { kind: 'env-secret', text: 'GITHUB_CLIENT_SECRET=0a1b2c3d4e5f60718293a4b5c6d7e8f901234567', secret: '0a1b2c3d4e5f60718293a4b5c6d7e8f901234567' },
  { kind: 'env-secret', text: 'SMTP_PASSWORD="correct-horse-battery"', secret: 'correct-horse-battery' },
];

/**
 * Secrets in JSON values as a tool's input holds them, where the string alone
 * (`"Bearer ..."`) says nothing and the key names the secret.
 */
export const SECRET_VALUES: readonly { value: unknown; secret: string; redacted: unknown }[] = [
  { value: { Authorization: 'Bearer 9f8e7d6c5b4a39281706aa' }, secret: '9f8e7d6c5b4a39281706aa', redacted: { Authorization: 'Bearer [REDACTED:authorization]' } },
  {
    value: { url: 'https://api.example.com', headers: { authorization: 'token 1b2c3d4e5f60718293a4' } },
    secret: '1b2c3d4e5f60718293a4',
    redacted: { url: 'https://api.example.com', headers: { authorization: 'token [REDACTED:authorization]' } },
  },
  { value: { headers: { 'X-Api-Key': 'k3y-9f8e7d6c5b4a39281706' } }, secret: 'k3y-9f8e7d6c5b4a39281706', redacted: { headers: { 'X-Api-Key': '[REDACTED:secret-field]' } } },
  { value: { username: 'deploy', password: 'hunter2-Prod!' }, secret: 'hunter2-Prod!', redacted: { username: 'deploy', password: '[REDACTED:secret-field]' } },
];

/** JSON values with keys that name a secret but hold none: they come through unchanged. */
export const VALUE_NEAR_MISSES: readonly unknown[] = [
  { headers: { Authorization: 'Bearer $TOKEN' } },
  { headers: { Authorization: 'Bearer <token>' } },
  { api_key: 'sk-...' },
  { max_tokens: 4096, tokenizer: 'cl100k_base', secretName: 'db' },
];

/** Text that looks a little like a secret and must come through unchanged. */
export const NEAR_MISSES: readonly string[] = [
  'I ran the risk-assessment-document-for-the-team script.',
  'pip install scikit-learn; see sk-learn-docs-and-examples',
  'The AKIA prefix marks an AWS access key id.',
  'const apiKey = process.env.OPENAI_API_KEY;',
  'OPENAI_API_KEY=$OPENAI_API_KEY',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a literal ${…} is the near-miss under test (a reference, not a secret)
  'API_KEY=${API_KEY}',
  'MAX_TOKENS=4096',
  'USE_CACHE_KEY=true',
  'TOKEN_COUNT=12',
  'curl -H "Authorization: Bearer $TOKEN" https://api.example.com',
  'The header is Authorization: Bearer <token>.',
  'tokenCount = 1200; secretName = "db"',
  'ghp_ is the prefix of a GitHub personal access token',
  'git commit 4b0ea68d7af9a6031a7ffda7ad66e0cb83315750',
  'uuid 019b04ae-b1c6-7c72-a134-a4c2de66058c',
  '-----BEGIN PUBLIC KEY-----\nMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE\n-----END PUBLIC KEY-----',
  'eyJhbGciOiJIUzI1NiJ9 alone is just a header',
  'xoxb- tokens belong to bots',
  'PRIMARY_KEY: id',
  'see https://example.com:8080/path and git@github.com:o/r.git',
  'https://hooks.slack.com/services is where webhooks live',
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'Count every token the model reads; a token is about four characters.',
  'the server listens on http://localhost:3000/api',
  'Set OPENAI_API_KEY to your key (it looks like sk-...).',
  'export OPENAI_API_KEY=<your-key>',
  '"api_key": "sk-..."',
  '"Authorization": "Bearer <token>"',
  'AccountName=demoacct;SharedAccessKeyName=RootManageSharedAccessKey;EndpointSuffix=core.windows.net',
  'PWD=/home/me/app',
  'password = getpass()',
  '"max_tokens": 4096, "tokenizer": "cl100k_base"',
];
