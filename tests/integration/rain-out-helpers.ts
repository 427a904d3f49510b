import { spawn } from 'node:child_process';
import { appModule as app, runInChild, type StartingGate } from './child-module';

/*
 * Other processes for the rain-out's exactly-once tests (tests/integration/rain-out.test.ts and
 * rain-out.postgres.test.ts): a press of 'Rain out this night' (or its undo, or an urgent notice) in a Node process of
 * its own, at a moment shared with another; and a text sender in a process of its own, killed mid-send.
 */

/**
 * Presses in a fresh process when the gate's other presses are ready too: answers what it printed (the outcome) or
 * throws.
 */
export async function pressInChild(
  press:
    | { date: string; rainOut: boolean; today: string }
    | { date: string; notice: string; requestKey: string; today: string },
  gate: StartingGate,
): Promise<unknown> {
  const call =
    'rainOut' in press
      ? `(await import(${app('features/night-messages/rain-out.server.ts')})).setNightRainedOut({ ...press, actor: null })`
      : `(await import(${app('features/night-messages/urgent-notice.server.ts')})).sendUrgentNotice({ ...press, actor: null })`;
  const outcome = await runInChild(
    `
    const press = ${JSON.stringify(press)};
    const run = async () => ${call};
    await together();
    console.log(JSON.stringify(await run()));
    process.exit(0);
  `,
    {},
    gate,
  );
  if (outcome.code !== 0) throw new Error(`The press failed: ${outcome.stderr}`);
  return JSON.parse(outcome.stdout.trim().split('\n').pop()!);
}

/**
 * A text sender in a process of its own (as a server process runs it), sending what is due; once `until` resolves
 * (Twilio holds one of its texts unanswered) it is killed with `signal`. Resolves with the signal that ended it.
 */
export function sendersInChild(until: () => Promise<void>, signal: NodeJS.Signals): Promise<{ signal: string | null }> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '--input-type=module',
      '-e',
      `
      const { createTextSender } = await import(${app('integrations/texts/text-sender.server.ts')});
      const sender = createTextSender({ wait: () => Promise.resolve(), perSecond: 1000, log: () => undefined });
      await sender.deliverDue();
      `,
    ],
    { cwd: process.cwd(), env: { ...process.env, TEST_OWN_DATABASE: '1' }, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (_code, exitSignal) => resolve({ signal: exitSignal }));
    void until().then(() => child.kill(signal));
  });
}
