import fs from 'node:fs';
import path from 'node:path';

/** A release of the app to serve: its build (server and browser files) and the version its manifest carries. */
export type Release = { name: string; buildDir: string; version: string };

function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => (entry.isDirectory() ? filesUnder(path.join(dir, entry.name)) : [path.join(dir, entry.name)]));
}

/** The version of the build in `buildDir`: the name of its browser manifest, assets/manifest-{version}.js, carries it. */
function versionOfBuild(buildDir: string): string {
  const names = fs.readdirSync(path.join(buildDir, 'client', 'assets'));
  const manifest = names.map((name) => /^manifest-([0-9a-f]{8})\.js$/.exec(name)?.[1]).find(Boolean);
  if (!manifest) throw new Error(`No browser manifest in ${buildDir}/client/assets`);
  return manifest;
}

/**
 * Another release of the build the tests run (`REMIX_BUILD_DIR`), without building the app again: a copy whose
 * manifest version is new, which is all that tells a phone that the server runs a new release (the worker's address
 * and its caches carry the version; the page loads the new release's manifest). The code is the same, which the
 * release tests do not need to differ: they check that the new release's worker takes over and that no page is left on
 * the last release. Under /build-*, which git ignores.
 */
export function releaseCopy(name: string, version: string): Release {
  const fromBuild = path.resolve(process.env.REMIX_BUILD_DIR ?? 'build');
  const fromVersion = versionOfBuild(fromBuild);
  if (!/^[0-9a-f]{8}$/.test(version)) throw new Error(`A manifest version is 8 hex digits, not ${version}`);
  const release = { name, buildDir: path.resolve(name), version };
  const rewrite = (text: string) =>
    text.replaceAll(fromVersion, version).replaceAll(fromVersion.toUpperCase(), version.toUpperCase());
  for (const file of filesUnder(fromBuild)) {
    const target = path.join(release.buildDir, rewrite(path.relative(fromBuild, file)));
    fs.mkdirSync(path.dirname(target), { recursive: true });
    if (/\.(js|css|json|txt)$/.test(file)) fs.writeFileSync(target, rewrite(fs.readFileSync(file, 'utf8')));
    else fs.copyFileSync(file, target);
  }
  return release;
}

export function removeRelease(release: Release) {
  fs.rmSync(release.buildDir, { recursive: true, force: true });
}
