// What `npm test` and `npm run bench` need beyond node_modules, from Debian's packages: Chromium (browser tests,
// Lighthouse), a PostgreSQL server (the PostgreSQL tests, the two-process live bench), Java (the HTML checker) and
// nginx (the test of docs/deploy's site in front of two app processes).
// Installed with apt-get when missing and run as root; otherwise a message names the package to install.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

function which(cmd) {
  for (const dir of (process.env.PATH ?? '').split(':'))
    if (dir && fs.existsSync(path.join(dir, cmd))) return path.join(dir, cmd);
  return null;
}

function hasPostgres() {
  if (which('initdb') && which('postgres')) return true;
  const base = '/usr/lib/postgresql';
  return fs.existsSync(base) && fs.readdirSync(base).some((v) => fs.existsSync(path.join(base, v, 'bin', 'initdb')));
}

let aptUpdated = false;
function ensure(what, present, pkg, forWhat) {
  if (present()) return;
  const canApt = process.getuid?.() === 0 && which('apt-get');
  if (!canApt) {
    console.error(
      `${what} is missing. Install the Debian package "${pkg}" (apt-get install -y ${pkg}) and run ${forWhat} again.`,
    );
    process.exit(1);
  }
  console.log(`Installing ${what} (${pkg}) with apt-get…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  // Another apt-get on the machine (another checkout's `npm test` installing its tools) holds dpkg's lock for a
  // while: wait for it rather than fail.
  const wait = ['-o', 'DPkg::Lock::Timeout=600'];
  if (!aptUpdated) execFileSync('apt-get', [...wait, 'update', '-qq'], { stdio: 'inherit', env });
  aptUpdated = true;
  execFileSync('apt-get', [...wait, 'install', '-y', '-qq', pkg], { stdio: 'inherit', env });
  if (!present()) {
    console.error(`${what} is still missing after installing ${pkg}.`);
    process.exit(1);
  }
}

/** The Chromium Lighthouse runs (the bench): Debian's, or CHROMIUM_PATH. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The Chromium the browser tests run: Debian's build of Chromium's headless shell, the one Playwright itself runs
 * headless tests in, or CHROMIUM_PATH. The full browser in headless mode cost the browser tests twice the CPU
 * (docs/decisions/168-tests-in-half-the-time.md).
 */
export const headlessShellPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';

/** The nginx the deploy recipe's test runs: Debian's, or NGINX_PATH. */
export const nginxPath = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

/**
 * Installs what is missing of `tools` ('chromium', 'chromium-headless-shell', 'postgresql', 'java', 'nginx');
 * `forWhat` names the command to run again.
 */
export function ensureTools(tools, forWhat) {
  if (tools.includes('chromium')) ensure('Chromium', () => fs.existsSync(chromiumPath), 'chromium', forWhat);
  if (tools.includes('chromium-headless-shell'))
    ensure("Chromium's headless shell", () => fs.existsSync(headlessShellPath), 'chromium-headless-shell', forWhat);
  if (tools.includes('postgresql')) ensure('PostgreSQL', hasPostgres, 'postgresql', forWhat);
  // The W3C Nu Html Checker (vnu-jar) runs on Java: Debian's, never the JDK its install script would download.
  if (tools.includes('java')) ensure('Java', () => which('java') !== null, 'default-jre-headless', forWhat);
  // Only the binary is used: the test runs it as a process of its own, with its own configuration and port (where a
  // service manager runs, Debian's package also starts its default site on port 80; the test never touches it).
  if (tools.includes('nginx')) {
    ensure('nginx', () => fs.existsSync(nginxPath), 'nginx', forWhat);
    // The test makes a certificate for nginx's https with the openssl command.
    ensure('OpenSSL', () => which('openssl') !== null, 'openssl', forWhat);
  }
}
