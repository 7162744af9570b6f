// Debian's nginx as the reference reverse proxy of the front-mode bench: a config written to a temp
// folder (one worker, no master, `daemon off`, its error log and pid in that folder), started as a
// child process on a free port with `proxy_pass` to the origin over kept connections; with `cache`,
// its `proxy_cache` in that folder as cache-tests.fyi runs it (revalidating with conditional requests).
// Its kept connections to the origin are let go after 4 s idle, before the origin's own 5 s (Node's
// keepAliveTimeout): nginx does not read the origin's `Keep-Alive: timeout=5`, and a request sent on
// a connection the origin is closing at that moment fails (the likely cause of the one failed request
// that once ended a run; a failure now names its statuses, resets and timeouts).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePorts } from '../../test/helpers/free-port.ts';

export interface Nginx {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** nginx on PATH, else Debian's /usr/sbin/nginx (not on a normal user's PATH); undefined when neither runs. */
function nginxBinary(): string | undefined {
  return ['nginx', '/usr/sbin/nginx'].find((binary) => !spawnSync(binary, ['-v']).error);
}

/** nginx passing everything to `originUrl`; undefined when nginx is not installed. */
export async function startNginx(originUrl: string, { cache = false } = {}): Promise<Nginx | undefined> {
  const binary = nginxBinary();
  if (!binary) return undefined;
  const [port] = (await freePorts(1)) as [number];
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-nginx-'));
  const origin = new URL(originUrl).host;
  fs.writeFileSync(
    path.join(prefix, 'nginx.conf'),
    `worker_processes 1; master_process off; daemon off; pid ${prefix}/nginx.pid; error_log ${prefix}/error.log;
events { worker_connections 1024; }
http { access_log off; upstream origin { server ${origin}; keepalive 64; keepalive_timeout 4s; }
  ${cache ? `proxy_cache_path ${prefix}/cache levels=1:2 keys_zone=pages:8m max_size=64m inactive=600m; proxy_temp_path ${prefix}/tmp;` : ''}
  server { listen 127.0.0.1:${port};
    location / { proxy_pass http://origin; proxy_http_version 1.1; proxy_set_header Connection "";
      ${cache ? 'proxy_cache pages; proxy_cache_revalidate on;' : ''}
      proxy_set_header X-Forwarded-For $remote_addr; proxy_set_header X-Forwarded-Proto $scheme; } } }
`,
  );
  const child = spawn(binary, ['-p', prefix, '-c', path.join(prefix, 'nginx.conf')], { stdio: 'inherit' });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const stop = async (): Promise<void> => {
    child.kill('SIGTERM');
    await exited;
    fs.rmSync(prefix, { recursive: true, force: true });
  };
  for (let attempt = 0; attempt < 50; attempt++) {
    const up = await fetch(`${url}/`).then(
      (response) => response.arrayBuffer().then(() => response.ok),
      () => false,
    );
    if (up) return { url, child, stop };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stop();
  return undefined;
}
