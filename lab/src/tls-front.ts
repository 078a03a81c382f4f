import { execFileSync } from 'node:child_process';
import { lookup } from 'node:dns/promises';
import { createServer, type Server } from 'node:https';
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';

/** A TLS listener on 127.0.0.1:443 that answers fixed origins with the lab server's own handler. */
export interface TlsFront {
  /** The throwaway certificate, to hand the CLI as `NODE_EXTRA_CA_CERTS`. */
  caFile: string;
  close(): Promise<void>;
}

/**
 * Refuses to go on unless every host resolves to 127.0.0.1 alone, so that a
 * CLI whose address is fixed reaches only the lab: the capture is then run in
 * its own network and mount namespaces with a hosts file bound over
 * /etc/hosts (lab/README.md).
 */
async function checkLoopback(hosts: readonly string[]): Promise<void> {
  for (const host of hosts) {
    const found = await lookup(host, { all: true }).catch(() => []);
    if (found.length === 0 || found.some((entry) => entry.address !== '127.0.0.1')) {
      throw new Error(`${host} must resolve to 127.0.0.1 alone for this version (lab/README.md: unshare -n -m with a hosts file bound over /etc/hosts)`);
    }
  }
}

/**
 * Starts the TLS front for origins a version calls whatever its configuration
 * says (Copilot CLI 0.0.340's model list): a self-signed certificate for
 * those hosts is made with openssl in `dir`, the throwaway home, and the
 * listener passes each request to `handler`, the lab server's.
 */
export async function startTlsFront(hosts: readonly string[], dir: string, handler: (request: IncomingMessage, response: ServerResponse) => void): Promise<TlsFront> {
  await checkLoopback(hosts);
  const key = join(dir, 'lab-tls-key.pem');
  const caFile = join(dir, 'lab-tls-cert.pem');
  const names = hosts.map((host) => `DNS:${host}`).join(',');
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', caFile, '-days', '1', '-subj', `/CN=${hosts[0]}`, '-addext', `subjectAltName=${names}`], { stdio: 'ignore' });
  const server: Server = createServer({ key: readFileSync(key), cert: readFileSync(caFile) }, handler);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(443, '127.0.0.1', () => resolve());
  });
  return {
    caFile,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
