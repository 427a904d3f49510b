import fs from 'node:fs';
import path from 'node:path';

/** A release of the app to serve: its server build and its browser assets under public/, served at /{name}/. */
export type Release = { name: string; buildDir: string; assetsDir: string; version: string };

function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => (entry.isDirectory() ? filesUnder(path.join(dir, entry.name)) : [path.join(dir, entry.name)]));
}

/**
 * Another release of the build the tests run (`REMIX_BUILD_DIR`/`REMIX_ASSETS_NAME`), without building the app again:
 * a copy whose assets are served under /{name}/ and whose manifest version is new, which is all that tells a phone
 * that the server runs a new release (the worker's address and its caches carry the version; the page's scripts come
 * from the new folder). The code is the same, which the release tests do not need to differ: they check that the new
 * release's worker takes over and that no page is left on the last release's files. Under /build-* and
 * /public/build-*, which git ignores.
 */
export function releaseCopy(name: string, version: string): Release {
  const fromBuild = path.resolve(process.env.REMIX_BUILD_DIR ?? 'build');
  const fromName = process.env.REMIX_ASSETS_NAME ?? 'build';
  const fromAssets = path.resolve('public', fromName);
  const fromVersion = fs.readFileSync(path.join(fromBuild, 'version.txt'), 'utf8').trim();
  if (!/^[0-9a-f]{8}$/.test(version)) throw new Error(`A manifest version is 8 hex digits, not ${version}`);
  const release = { name, buildDir: path.resolve(name), assetsDir: path.resolve('public', name), version };
  const rewrite = (text: string) =>
    text
      .replaceAll(`/${fromName}/`, `/${name}/`)
      .replaceAll(fromVersion, version)
      .replaceAll(fromVersion.toUpperCase(), version.toUpperCase());
  for (const [from, to] of [
    [fromBuild, release.buildDir],
    [fromAssets, release.assetsDir],
  ]) {
    for (const file of filesUnder(from)) {
      const target = path.join(to, rewrite(path.relative(from, file)));
      fs.mkdirSync(path.dirname(target), { recursive: true });
      if (/\.(js|css|json|txt)$/.test(file)) fs.writeFileSync(target, rewrite(fs.readFileSync(file, 'utf8')));
      else fs.copyFileSync(file, target);
    }
  }
  return release;
}

export function removeRelease(release: Release) {
  for (const dir of [release.buildDir, release.assetsDir]) fs.rmSync(dir, { recursive: true, force: true });
}
