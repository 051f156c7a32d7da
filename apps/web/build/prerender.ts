/**
 * Writes dist/sign-in.html: index.html with the signed-out sign-in page already rendered
 * inside #root, which the server sends for / and /signIn. Runs after the client build, whose
 * dist/index.html and manifest it reads.
 *
 * The page is rendered by a server-side build of src/prerender/sign-in-entry.tsx, made with
 * this package's own Vite configuration so the markup comes from the same code the browser runs.
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';
import { writeCompressedCopies } from '../../../scripts/lib/precompress.ts';
import type { Manifest } from '../src/prerender/prerendered-document.ts';
import { prerenderedDocument, routeAssets } from '../src/prerender/prerendered-document.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');
// Inside node_modules so that the build's bare imports (react, react-router …) resolve from it.
const serverOutDir = path.join(root, 'node_modules', '.cache', 'medhire-prerender');
const ENTRY = 'src/prerender/sign-in-entry.tsx';

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

const [indexHtml, manifestJson, markup] = await Promise.all([
  readFile(path.join(dist, 'index.html'), 'utf8'),
  readFile(path.join(dist, '.vite', 'manifest.json'), 'utf8'),
  renderSignInMarkup(),
]);
const manifest = JSON.parse(manifestJson) as Manifest;
const output = path.join(dist, 'sign-in.html');
await writeFile(
  output,
  prerenderedDocument(indexHtml, { markup, assets: routeAssets(manifest, SIGN_IN_MODULES) }),
);
await writeCompressedCopies(output);
console.log(`prerendered the sign-in page into ${path.relative(root, output)}`);
