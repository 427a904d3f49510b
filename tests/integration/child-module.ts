import { spawn, type ChildProcess } from 'node:child_process';
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

/** What a child prints when it waits at `await together()` (see `startingGate`). */
const AT_THE_GATE = '\u0001at the gate';

/** Defines `together()` in a gated child: says it is there, then waits for the gate's word on its stdin. */
const GATED_PRELUDE = `
  const together = () =>
    new Promise((resolve) => {
      process.stdin.once('data', resolve);
      process.stdout.write(${JSON.stringify(AT_THE_GATE)} + '\\n');
    });
`;

/** A child without a gate has nobody to wait for: `together()` goes on at once. */
const UNGATED_PRELUDE = 'const together = async () => undefined;';

/**
 * Lets `count` children act at one moment: a child given this gate calls `await together()` once it has loaded what
 * it needs, and every child goes on when the last of them gets there, so their work really overlaps whatever each
 * took to load. A child that ends before it gets there opens the gate for the others (the test then fails on its
 * outcome), so none waits forever.
 */
export function startingGate(count: number) {
  const waiting: ChildProcess[] = [];
  let open = false;
  const go = (child: ChildProcess) => child.stdin?.end('go\n');
  const openGate = () => {
    open = true;
    waiting.splice(0).forEach(go);
  };
  return {
    arrived(child: ChildProcess) {
      if (open) return go(child);
      waiting.push(child);
      if (waiting.length >= count) openGate();
    },
    ended: openGate,
  };
}

export type StartingGate = ReturnType<typeof startingGate>;

/**
 * Runs `code` (an ES module in TypeScript) in a child Node process, as a second server process would: its own
 * database client (TEST_OWN_DATABASE), this process's environment with `env` on top. The code may call `await together()`:
 * with a `gate` it acts at the moment the gate's other children do, without one at once. Resolves with how it exited and what it wrote
 * (without the gate's line).
 */
export async function runInChild(
  code: string,
  env: Record<string, string> = {},
  gate?: StartingGate,
): Promise<ChildOutcome> {
  const file = await bundled(`${gate ? GATED_PRELUDE : UNGATED_PRELUDE}\n${code}`);
  try {
    return await new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [file], {
        cwd: process.cwd(),
        env: { ...process.env, ...env, TEST_OWN_DATABASE: '1' },
        stdio: [gate ? 'pipe' : 'ignore', 'pipe', 'pipe'],
      });
      let stdout = '';
      let stderr = '';
      let arrived = false;
      child.stdout?.on('data', (d: Buffer) => {
        stdout += d.toString();
        if (gate && !arrived && stdout.includes(AT_THE_GATE)) {
          arrived = true;
          gate.arrived(child);
        }
      });
      child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
      child.on('error', reject);
      child.on('exit', (exitCode) => {
        if (gate && !arrived) gate.ended();
        resolve({ code: exitCode, stdout: stdout.replace(`${AT_THE_GATE}\n`, ''), stderr });
      });
    });
  } finally {
    fs.rmSync(file, { force: true });
  }
}
