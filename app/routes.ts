// The app's routes are its files in app/routes, named as Remix's flat routes name them (app/routes/README.md).
import type { RouteConfig } from '@remix-run/route-config';
import { flatRoutes } from '@remix-run/fs-routes';

export default flatRoutes({ ignoredRouteFiles: ['**/.*', '**/*.test.{ts,tsx}', '**/*.md'] }) satisfies RouteConfig;
