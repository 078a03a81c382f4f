/**
 * Fake secrets in the shapes real ones have (prefix, alphabet, length), each
 * with the kind its marker must name. None is a live credential: the random
 * parts were typed for this corpus.
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
  { kind: 'env-secret', text: 'DATABASE_PASSWORD=hunter2-correct-horse', secret: 'hunter2-correct-horse' },
  { kind: 'env-secret', text: 'export MY_SERVICE_TOKEN="tok-live-93kd83jd"', secret: 'tok-live-93kd83jd' },
  { kind: 'env-secret', text: 'JWT_SECRET: s3cr3t-value-here', secret: 's3cr3t-value-here' },
  { kind: 'env-secret', text: 'STRIPE_WEBHOOK_KEY=whsec_abc123', secret: 'whsec_abc123' },
];

/** Text that looks a little like a secret and must come through unchanged. */
export const NEAR_MISSES: readonly string[] = [
  'I ran the risk-assessment-document-for-the-team script.',
  'pip install scikit-learn; see sk-learn-docs-and-examples',
  'The AKIA prefix marks an AWS access key id.',
  'const apiKey = process.env.OPENAI_API_KEY;',
  'OPENAI_API_KEY=$OPENAI_API_KEY',
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
];
