/** @type {import('@remix-run/dev').AppConfig} */
export default {
  ignoredRouteFiles: ['**/.*', '**/*.test.{ts,tsx}', '**/*.md'],
  serverModuleFormat: 'esm',
  tailwind: true,
  // Separate build folders let test runs build side by side without clobbering each other.
  serverBuildPath: `${process.env.REMIX_BUILD_DIR ?? 'build'}/index.js`,
  assetsBuildDirectory: `public/${process.env.REMIX_ASSETS_NAME ?? 'build'}`,
  publicPath: `/${process.env.REMIX_ASSETS_NAME ?? 'build'}/`,
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    // Plain objects or data() from loaders and actions (docs/decisions/194-single-fetch.md).
    v3_singleFetch: true,
  },
};
