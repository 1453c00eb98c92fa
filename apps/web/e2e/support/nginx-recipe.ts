import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ended, hasEnded, logTail } from './server-instance.ts';

// The nginx recipe of deploy/nginx run as it is written, for the load-balancer journey
// (nginx-failover.e2e.ts): Debian's nginx as the current user, in a folder of its own, with the
// recipe's http part and locations included verbatim and the upstream's `server` lines pointed at the
// journey's instances (their max_fails, fail_timeout and keepalive kept).

const recipeDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../deploy/nginx');
const recipe = (name: string): string => path.join(recipeDir, name);

/** Debian's nginx (NGINX_PATH overrides), or null when it is not installed. */
export function nginxBinary(): string | null {
  const candidate = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
  return spawnSync(candidate, ['-v'], { stdio: 'ignore' }).error === undefined ? candidate : null;
}

/** Whether the openssl command is there (for the self-signed certificate of the site check). */
export function hasOpenssl(): boolean {
  return spawnSync('openssl', ['version'], { stdio: 'ignore' }).error === undefined;
}

/**
 * The main-context lines nginx needs to run from a folder of its own: the pid and error log there,
 * and, when started as root, an unprivileged worker user (as Debian's nginx.conf has www-data).
 */
function mainContext(dir: string): string {
  const runsAsRoot = process.getuid?.() === 0;
  const group = fs.readFileSync('/etc/group', 'utf8').split('\n').some((line) => line.startsWith('nogroup:')) ? 'nogroup' : 'nobody';
  return [
    ...(runsAsRoot ? [`user nobody ${group};`] : []),
    'worker_processes 1;',
    `pid ${path.join(dir, 'nginx.pid')};`,
    `error_log ${path.join(dir, 'error.log')} info;`,
    'events { worker_connections 1024; }',
  ].join('\n');
}

/** The http-context lines that keep nginx's buffers in its folder. */
function httpTemporaries(dir: string): string {
  return ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .map((kind) => `${kind}_temp_path ${path.join(dir, `${kind}-temp`)};`)
    .join('\n    ');
}

/**
 * deploy/nginx/careline-upstream.conf with its `server` addresses replaced, in order, by the given
 * ones; everything else (least_conn, max_fails, fail_timeout, keepalive) as written.
 * @param addresses - host:port of each instance, as many as the recipe has server lines
 */
export function upstreamFor(addresses: string[]): string {
  const text = fs.readFileSync(recipe('careline-upstream.conf'), 'utf8');
  let index = 0;
  const replaced = text.replace(/^(\s*server\s+)\S+/gm, (_line, lead: string) => {
    const address = addresses[index];
    index += 1;
    if (address === undefined) {
      throw new Error(`careline-upstream.conf has more server lines than the ${String(addresses.length)} instances`);
    }
    return `${lead}${address}`;
  });
  if (index !== addresses.length) {
    throw new Error(`careline-upstream.conf has ${String(index)} server lines for ${String(addresses.length)} instances`);
  }
  return replaced;
}

/**
 * Writes the journey's nginx.conf into dir: the recipe's http part and locations verbatim, its
 * upstream pointed at the instances, one plain-HTTP server on 127.0.0.1:port in place of the TLS
 * site (careline-site.conf, checked on its own by {@link checkSiteConfig}).
 * @param dir - nginx's own folder (prefix, logs, buffers)
 * @param port - where nginx listens
 * @param addresses - host:port of each instance
 * @returns the path of nginx.conf
 */
export function writeLoadBalancerConfig(dir: string, port: number, addresses: string[]): string {
  // A root-started nginx's workers run as nobody and must reach their buffer folders in here.
  fs.chmodSync(dir, 0o755);
  fs.writeFileSync(path.join(dir, 'careline-upstream.conf'), upstreamFor(addresses));
  const conf = path.join(dir, 'nginx.conf');
  fs.writeFileSync(
    conf,
    `${mainContext(dir)}
http {
    ${httpTemporaries(dir)}
    include ${recipe('careline-http.conf')};
    include ${path.join(dir, 'careline-upstream.conf')};
    server {
        listen 127.0.0.1:${String(port)};
        server_name localhost;
        access_log ${path.join(dir, 'access.log')} careline;
        include ${recipe('careline-locations.conf')};
    }
}
`,
  );
  return conf;
}

/**
 * Lays the recipe out as Debian's nginx has it (conf.d/, snippets/, sites-enabled/) in dir, with a
 * self-signed certificate where careline-site.conf expects one, and answers `nginx -t`'s verdict on
 * the whole: the TLS site the journey itself does not serve is checked this far.
 * @param binary - from nginxBinary()
 * @param dir - an empty folder
 */
export function checkSiteConfig(binary: string, dir: string): { ok: boolean; output: string } {
  fs.chmodSync(dir, 0o755);
  for (const sub of ['conf.d', 'snippets', 'sites-enabled', 'ssl', 'log']) {
    fs.mkdirSync(path.join(dir, sub), { recursive: true });
  }
  // The site's absolute Debian paths, moved into dir.
  const relocate = (text: string): string =>
    text
      .replaceAll('/etc/nginx/', `${dir}/`)
      .replaceAll('/etc/ssl/careline/', `${path.join(dir, 'ssl')}/`)
      .replaceAll('/var/log/nginx/', `${path.join(dir, 'log')}/`);
  fs.copyFileSync(recipe('careline-http.conf'), path.join(dir, 'conf.d/careline.conf'));
  fs.copyFileSync(recipe('careline-upstream.conf'), path.join(dir, 'conf.d/careline-upstream.conf'));
  fs.copyFileSync(recipe('careline-locations.conf'), path.join(dir, 'snippets/careline-locations.conf'));
  fs.writeFileSync(path.join(dir, 'sites-enabled/careline'), relocate(fs.readFileSync(recipe('careline-site.conf'), 'utf8')));
  const certificate = spawnSync(
    'openssl',
    ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=careline.example.org',
      '-keyout', path.join(dir, 'ssl/privkey.pem'), '-out', path.join(dir, 'ssl/fullchain.pem')],
    { encoding: 'utf8' },
  );
  if (certificate.status !== 0) {
    return { ok: false, output: `openssl could not make a certificate: ${certificate.stderr}` };
  }
  // Debian's nginx.conf, cut to what the recipe relies on: conf.d and sites-enabled inside http {}.
  const conf = path.join(dir, 'nginx.conf');
  fs.writeFileSync(
    conf,
    `${mainContext(dir)}
http {
    ${httpTemporaries(dir)}
    access_log ${path.join(dir, 'log/access.log')};
    include ${dir}/conf.d/*.conf;
    include ${dir}/sites-enabled/*;
}
`,
  );
  const check = spawnSync(binary, ['-t', '-p', `${dir}/`, '-c', conf, '-e', path.join(dir, 'error.log')], { encoding: 'utf8' });
  return { ok: check.status === 0, output: `${check.stdout}${check.stderr}` };
}

/** Waits until something accepts TCP connections on 127.0.0.1:port, or the child ends (then throws). */
async function waitForListener(port: number, child: ChildProcess, logFile: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (hasEnded(child)) {
      throw new Error(`nginx exited (${String(child.exitCode ?? child.signalCode)}):\n${logTail(logFile)}`);
    }
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`nginx did not listen on ${String(port)} in time:\n${logTail(logFile)}`);
}

/**
 * Starts nginx in the foreground (`daemon off`) from its folder with the given nginx.conf and waits
 * until it listens.
 * @param binary - from nginxBinary()
 * @param dir - its folder (as for writeLoadBalancerConfig)
 * @param conf - the nginx.conf
 * @param port - the port the configuration listens on
 */
export async function startNginx(binary: string, dir: string, conf: string, port: number): Promise<ChildProcess> {
  const errorLog = path.join(dir, 'error.log');
  const check = spawnSync(binary, ['-t', '-p', `${dir}/`, '-c', conf, '-e', errorLog], { encoding: 'utf8' });
  if (check.status !== 0) {
    throw new Error(`nginx -t refused the configuration:\n${check.stdout}${check.stderr}`);
  }
  const child = spawn(binary, ['-p', `${dir}/`, '-c', conf, '-e', errorLog, '-g', 'daemon off;'], { stdio: 'ignore' });
  await waitForListener(port, child, errorLog);
  return child;
}

/** Stops nginx (SIGTERM: its fast shutdown, websockets closed) and waits for it. */
export async function stopNginx(child: ChildProcess): Promise<void> {
  if (!hasEnded(child)) {
    child.kill('SIGTERM');
  }
  await ended(child);
}
