import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server package's folder (apps/server) and manifest, found from this module upwards, so
 * the paths hold both under tsx (src/…) and in the compiled bundle (dist/server.mjs).
 */
function findServerPackage(): { dir: string; version: string } {
  let directory = path.dirname(fileURLToPath(import.meta.url));
  while (true) {
    const manifestPath = path.join(directory, 'package.json');
    if (existsSync(manifestPath)) {
      const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { name?: string; version: string };
      if (manifest.name === '@medhire/server') return { dir: directory, version: manifest.version };
    }
    const parent = path.dirname(directory);
    if (parent === directory) throw new Error('Cannot find the folder of the @medhire/server package.');
    directory = parent;
  }
}

const serverPackage = findServerPackage();

/** Absolute path of apps/server. */
export const SERVER_PACKAGE_DIR = serverPackage.dir;

/** The server package's version, reported by /api/health and the OpenAPI document. */
export const APP_VERSION: string = serverPackage.version;
