/**
 * Writes dist/sign-in.html: index.html with the signed-out sign-in page already rendered
 * inside #root, which the server sends for / and /signIn. Runs after the client build, whose
 * dist/index.html and manifest it reads.
 *
 * The page is rendered by a server-side build of src/prerender/sign-in-entry.tsx, made with
 * this package's own Vite configuration so the markup comes from the same code the browser runs.
 */
import { createHash } from 'node:crypto';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, minify } from 'vite';
import { writeCompressedCopies } from '../../../scripts/lib/precompress.ts';
import type { Manifest } from '../src/prerender/prerendered-document.ts';
import { prerenderedDocument, routeAssets } from '../src/prerender/prerendered-document.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');
// Inside node_modules so that the build's bare imports (react, react-router …) resolve from it.
const serverOutDir = path.join(root, 'node_modules', '.cache', 'medhire-prerender');
const ENTRY = 'src/prerender/sign-in-entry.tsx';
/** Starts the page's scripts after its first paint; minified under assets/. */
const LOADER = 'src/prerender/start-after-paint.js';

/** The lazily loaded modules of the sign-in page: its layout, then its screen (see app/router.tsx). */
const SIGN_IN_MODULES = [
  'src/app/layouts/auth-layout.tsx',
  'src/features/auth/components/sign-in-screen.tsx',
];

async function renderSignInMarkup(): Promise<string> {
  await build({
    root,
    configFile: path.join(root, 'vite.config.ts'),
    logLevel: 'warn',
    build: {
      ssr: ENTRY,
      outDir: serverOutDir,
      emptyOutDir: true,
      manifest: false,
      copyPublicDir: false,
      rollupOptions: { output: { entryFileNames: 'sign-in-entry.mjs' } },
    },
  });
  try {
    const entry: { renderSignInPage: () => Promise<string> } = await import(
      pathToFileURL(path.join(serverOutDir, 'sign-in-entry.mjs')).href
    );
    return await entry.renderSignInPage();
  } finally {
    await rm(serverOutDir, { recursive: true, force: true });
  }
}

/** The loader under assets/, named by its content like Vite's files, so it is cached for good. */
async function writeLoader(): Promise<string> {
  const { code, errors } = await minify(LOADER, await readFile(path.join(root, LOADER), 'utf8'), {});
  if (errors.length > 0) throw new Error(`${LOADER} does not minify: ${errors[0]?.message}`);
  const file = `assets/start-after-paint-${createHash('sha256').update(code).digest('hex').slice(0, 8)}.js`;
  await writeFile(path.join(dist, file), code);
  await writeCompressedCopies(path.join(dist, file));
  return file;
}

const [indexHtml, manifestJson, markup, loader] = await Promise.all([
  readFile(path.join(dist, 'index.html'), 'utf8'),
  readFile(path.join(dist, '.vite', 'manifest.json'), 'utf8'),
  renderSignInMarkup(),
  writeLoader(),
]);
const manifest = JSON.parse(manifestJson) as Manifest;
const output = path.join(dist, 'sign-in.html');
await writeFile(
  output,
  prerenderedDocument(indexHtml, { markup, assets: routeAssets(manifest, SIGN_IN_MODULES), loader }),
);
await writeCompressedCopies(output);
console.log(`prerendered the sign-in page into ${path.relative(root, output)}`);
