import { spawn } from 'node:child_process';
import path from 'node:path';

export type ChildOutcome = { code: number | null; stdout: string; stderr: string };

/** An app module's path as a string literal, for a child's `await import(…)`. */
export const appModule = (file: string) => JSON.stringify(path.resolve('app', file));

/**
 * Runs `code` (an ES module, TypeScript through tsx) in a child Node process, as a second server process would: its
 * own database client (TEST_OWN_DATABASE), this process's environment with `env` on top. Resolves with how it exited
 * and what it wrote.
 */
export function runInChild(code: string, env: Record<string, string> = {}): Promise<ChildOutcome> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
      cwd: process.cwd(),
      env: { ...process.env, ...env, TEST_OWN_DATABASE: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('exit', (exitCode) => resolve({ code: exitCode, stdout, stderr }));
  });
}
