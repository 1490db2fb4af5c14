// The serving benches' servers: loopback listeners, nginx with a generated config (the baseline the
// snippet path is measured against), visitors' sessions and the forked load generator.
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import path from 'node:path';
import type { LoadResult, LoadSpec, VisitorSession } from './loadgen';

export const listen = (server: Server) =>
  new Promise<string>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    );
  });
export const close = (server: Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

export async function freePort(): Promise<number> {
  const probe = createServer();
  const url = await listen(probe);
  await close(probe);
  return Number(new URL(url).port);
}

/** nginx with a generated config: one server on a loopback port, root = the blob store's objects. */
export async function startNginx(nginxWorkers: number, dir: string, root: string) {
  const port = await freePort();
  const conf = path.join(dir, 'nginx.conf');
  await writeFile(
    conf,
    [
      `worker_processes ${nginxWorkers};`,
      'daemon off;',
      `pid ${path.join(dir, 'nginx.pid')};`,
      `error_log ${path.join(dir, 'error.log')} warn;`,
      'events { worker_connections 1024; }',
      'http {',
      '  types { audio/mpeg mp3; }',
      '  access_log off;',
      '  sendfile on;',
      '  tcp_nopush on;',
      // Node's server has no per-connection request cap; nginx's default (1000) would reconnect.
      '  keepalive_requests 1000000;',
      `  client_body_temp_path ${path.join(dir, 'body')};`,
      `  proxy_temp_path ${path.join(dir, 'proxy')};`,
      `  fastcgi_temp_path ${path.join(dir, 'fastcgi')};`,
      `  uwsgi_temp_path ${path.join(dir, 'uwsgi')};`,
      `  scgi_temp_path ${path.join(dir, 'scgi')};`,
      `  server { listen 127.0.0.1:${port}; root ${root}; location / { } }`,
      '}',
      '',
    ].join('\n'),
  );
  const binary = existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx';
  // Its messages go to error.log: a child holding this process's stdout would outlive a crash.
  const child = spawn(binary, ['-c', conf, '-p', dir], { stdio: 'ignore' });
  process.once('exit', () => child.kill('SIGQUIT'));
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`nginx exited (${code}); see ${dir}/error.log`))),
  );
  exited.catch(() => undefined);
  const deadline = Date.now() + 10_000;
  for (;;) {
    const up = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (up) break;
    if (child.exitCode !== null || Date.now() > deadline) await exited;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { url: `http://127.0.0.1:${port}`, child };
}

/** Runs one phase in a forked load generator (./loadgen.ts) and returns its figures. */
export function load(spec: LoadSpec): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child: ChildProcess = fork(path.join(__dirname, 'loadgen.ts'), { stdio: 'inherit' });
    let result: LoadResult | undefined;
    child.once('message', (message) => {
      result = message as LoadResult;
    });
    child.once('error', reject);
    child.once('exit', (code) =>
      result ? resolve(result) : reject(new Error(`load generator exited (${code}) without a result`)),
    );
    child.send(spec);
  });
}

/** A visitor as the gateway sees one: the CSRF cookie pair and its token from GET /api/csrf. */
export async function visitorSession(gatewayUrl: string): Promise<VisitorSession> {
  const response = await fetch(`${gatewayUrl}/api/csrf`);
  const { csrfToken } = (await response.json()) as { csrfToken: string };
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(';')[0]!)
    .join('; ');
  return { cookie, csrfToken };
}
