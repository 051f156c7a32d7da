import { readFileSync } from 'node:fs';

const packageJson = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

/** The server package's version, reported by /api/health and the OpenAPI document. */
export const APP_VERSION: string = packageJson.version;
