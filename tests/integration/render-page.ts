import { createRequestHandler, type ServerBuild } from '@remix-run/node';
import { Outlet, RemixServer } from '@remix-run/react';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { request } from './helpers';

type RouteModule = ServerBuild['routes'][string]['module'];

const noHandlers = { hasAction: false, hasLoader: false, hasClientAction: false, hasClientLoader: false };

/**
 * GET `path` through Remix's own request handler with one page route under a bare root: the page's loader answers,
 * then the page (or its error boundary) renders on the server exactly as a visitor without JavaScript sees it.
 * `text` is the page's text without tags, for checking what a reader sees.
 */
export async function renderPage(
  path: string,
  route: { id: string; path: string; module: RouteModule },
  cookie?: string,
): Promise<{ status: number; html: string; text: string }> {
  const build: ServerBuild = {
    mode: 'production',
    isSpaMode: false,
    publicPath: '/build/',
    assetsBuildDirectory: 'public/build',
    future: {
      v3_fetcherPersist: true,
      v3_relativeSplatPath: true,
      v3_throwAbortReason: true,
      v3_lazyRouteDiscovery: false,
      // As vite.config.ts: pages answer plain objects or data() (docs/decisions/194-single-fetch.md).
      v3_singleFetch: true,
    },
    entry: {
      module: {
        default: (req, status, headers, context) => {
          headers.set('Content-Type', 'text/html');
          return new Response(renderToString(createElement(RemixServer, { context, url: req.url })), {
            status,
            headers,
          });
        },
      },
    },
    routes: {
      root: { id: 'root', path: '', module: { default: Outlet } },
      [route.id]: { id: route.id, parentId: 'root', path: route.path, module: route.module },
    },
    assets: {
      version: 'test',
      url: '/build/manifest.js',
      entry: { module: '/build/entry.client.js', imports: [] },
      routes: {
        root: { id: 'root', path: '', module: '/build/root.js', hasErrorBoundary: false, ...noHandlers },
        [route.id]: {
          id: route.id,
          parentId: 'root',
          path: route.path,
          module: `/build/${route.id}.js`,
          ...noHandlers,
          hasErrorBoundary: 'ErrorBoundary' in route.module,
          hasLoader: 'loader' in route.module,
          hasAction: 'action' in route.module,
        },
      },
    },
  };
  const res = await createRequestHandler(build, 'production')(request(path, { cookie }));
  const html = await res.text();
  // Only the rendered body: the data Remix inlines for hydration repeats the loader's values.
  const body = html.replace(/<script[\s\S]*?<\/script>/g, '');
  const text = body
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, '')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
  return { status: res.status, html, text };
}
