import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import * as esbuild from 'esbuild';

export type ChildOutcome = { code: number | null; stdout: string; stderr: string };

/** An app module's path as a string literal, for a child's `await import(…)`. */
export const appModule = (file: string) => JSON.stringify(path.resolve('app', file));

let children = 0;

/** The app's `~/` imports resolve into app/; packages (bare names) stay in node_modules, imported at run time. */
const appAndPackages: esbuild.Plugin = {
  name: 'app-and-packages',
  setup(build) {
    build.onResolve({ filter: /^~\// }, ({ path: specifier, kind }) =>
      build.resolve(`./${specifier.slice(2)}`, { kind, resolveDir: path.resolve('app') }),
    );
    build.onResolve({ filter: /^[^./~]/ }, () => ({ external: true }));
  },
};

/**
 * `code` with the app modules it imports, bundled into one ES module by esbuild (packages stay in node_modules). A
 * child loading the app through tsx spent about two seconds of CPU in tsx's module hooks before it did anything, and
 * these tests start dozens of children. The file sits in tests/.tmp so the packages resolve from node_modules.
 */
async function bundled(code: string): Promise<string> {
  const file = path.resolve('tests', '.tmp', `child-${process.pid}-${++children}.mjs`);
  await esbuild.build({
    stdin: { contents: code, loader: 'ts', resolveDir: process.cwd(), sourcefile: 'child.ts' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile: file,
    plugins: [appAndPackages],
    logLevel: 'error',
  });
  return file;
}

/**
 * Runs `code` (an ES module in TypeScript) in a child Node process, as a second server process would: its own
 * database client (TEST_OWN_DATABASE), this process's environment with `env` on top. Resolves with how it exited and
 * what it wrote.
 */
export async function runInChild(code: string, env: Record<string, string> = {}): Promise<ChildOutcome> {
  const file = await bundled(code);
  try {
    return await new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [file], {
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
  } finally {
    fs.rmSync(file, { force: true });
  }
}
