// `node scripts/wait-for-health.mjs <port>`: waits until the server on 127.0.0.1:<port> answers GET /healthz with 200
// (its database answers too), then exits 0. The systemd unit runs it after starting a process (ExecStartPost,
// docs/deploy/league@.service), so that `systemctl restart league@3001` returns only once that process takes requests:
// restarting the processes one after the other then never leaves nginx without one. systemd's TimeoutStartSec bounds
// the wait; `--within <seconds>` bounds it here (exit 1 after).
import http from 'node:http';

const [port, flag, within] = process.argv.slice(2);
if (!/^\d+$/.test(port ?? '') || (flag !== undefined && (flag !== '--within' || !(Number(within) > 0)))) {
  console.error('Usage: node scripts/wait-for-health.mjs <port> [--within <seconds>]');
  process.exit(2);
}
const url = `http://127.0.0.1:${port}/healthz`;

/** The status of one GET /healthz, or what went wrong. (node:http, not fetch, which refuses some ports.) */
function ask() {
  return new Promise((resolve) => {
    const req = http.get(url, { agent: false, timeout: 2_000 }, (res) => {
      res.resume();
      resolve(res.statusCode === 200 ? 200 : `${res.statusCode}`);
    });
    req.on('timeout', () => req.destroy(new Error('no answer within 2 s')));
    req.on('error', (error) => resolve(error.code ?? error.message));
  });
}

const giveUpAt = flag ? Date.now() + Number(within) * 1000 : Infinity;
let last = 'not asked';
while (Date.now() < giveUpAt) {
  last = await ask();
  if (last === 200) process.exit(0);
  await new Promise((resolve) => setTimeout(resolve, 250));
}
console.error(`${url} did not answer 200 within ${within} s (last: ${last}).`);
process.exit(1);
