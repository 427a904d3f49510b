import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, request, signIn } from './helpers';

/**
 * Every JSON route answers a method it does not take with 405 and an `Allow` header naming the ones it does
 * (docs/product/accounts.md#wrong-methods). The routes are found by listing app/routes, so a new route is checked
 * without being listed here.
 */
type RouteModule = {
  loader?: (args: { request: Request; params: Record<string, string>; context: object }) => unknown;
  action?: (args: { request: Request; params: Record<string, string>; context: object }) => unknown;
};

const ROUTES = path.resolve('app', 'routes');
const files = fs
  .readdirSync(ROUTES)
  .filter((file) => /^(api|webhooks)\..+\.ts$/.test(file) && file !== 'api.$.ts')
  .sort();

function load(file: string): Promise<RouteModule> {
  return import(/* @vite-ignore */ path.join(ROUTES, file)) as Promise<RouteModule>;
}
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** Values for a route's URL parameters that parse (a record that does not exist is fine: 404 is not 405). */
const PARAM_VALUES: Record<string, string> = {
  id: '999999',
  year: '2025',
  season: '2025',
  teeTimeId: '999999',
  sessionId: 'cs_test_nope',
  type: 'golfers',
};

function routeOf(file: string): { path: string; params: Record<string, string> } {
  const name = file.replace(/\.ts$/, '');
  const params: Record<string, string> = {};
  const path = name
    .split('.')
    .map((segment) => {
      if (!segment.startsWith('$')) return segment;
      const key = segment.slice(1);
      params[key] = PARAM_VALUES[key] ?? '1';
      return params[key];
    })
    .join('/');
  return { path: `/${path}`, params };
}

describe('wrong methods on the JSON API', () => {
  let cookie = '';
  beforeAll(async () => {
    ({ cookie } = await signIn({ isAdmin: true }));
  });

  it('finds the JSON routes', () => {
    expect(files.length).toBeGreaterThan(30);
  });

  for (const file of files) {
    const { path, params } = routeOf(file);
    it(`${path} answers every method it does not take with 405 and Allow`, async () => {
      const mod = await load(file);
      expect(mod.loader, `${file} has a loader`).toBeTypeOf('function');
      expect(mod.action, `${file} has an action`).toBeTypeOf('function');
      const answers = new Map<string, Response>();
      for (const method of METHODS) {
        // A fresh session each time: a POST to /api/logout ends the one it is given.
        const { cookie: own } = method === 'GET' ? { cookie } : await signIn({ isAdmin: true });
        const req = request(path, { method, cookie: own, json: method === 'GET' ? undefined : {} });
        const fn = method === 'GET' ? mod.loader! : mod.action!;
        answers.set(method, await call(fn, req, params));
      }
      const refused = [...answers].filter(([, res]) => res.status === 405);
      expect(refused.length, `${path} refuses some method`).toBeGreaterThan(0);
      const allows = new Set(refused.map(([, res]) => res.headers.get('Allow')));
      expect(allows.size, `${path}: one Allow for every 405`).toBe(1);
      const allow = [...allows][0];
      expect(allow, `${path}: 405 names the allowed methods`).toMatch(/^[A-Z]+(, [A-Z]+)*$/);
      const allowed = new Set(allow!.split(', '));
      for (const [method, res] of answers) {
        expect(res.status === 405, `${method} ${path} answered ${res.status}; Allow: ${allow}`).toBe(
          !allowed.has(method),
        );
        if (res.status === 405) expect((await res.json()).message, `${method} ${path}`).toMatch(/^Method not allowed/);
      }
    });
  }
});
