// `npm run build -w apps/server`: compiles the server into one ES module, dist/server.mjs, which
// `npm start` runs with plain node instead of transpiling ~300 TypeScript files at every start.
// npm packages stay outside the bundle (they load from node_modules as usual, native addons and
// their data files included); the workspace's own packages (@medhire/contract) are TypeScript
// and go into it.
import { build } from 'esbuild';

const startedAt = performance.now();
await build({
  entryPoints: ['src/server.ts'],
  outdir: 'dist',
  outExtension: { '.js': '.mjs' },
  // Modules the server imports on demand (S3 storage) become chunks of their own, so what they
  // import (the AWS SDK) still loads only when needed.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  sourcemap: 'linked',
  logLevel: 'warning',
  // Bundled CommonJS code may still call require(); give the ES module one.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  plugins: [
    {
      name: 'npm-packages-external',
      setup(bundler) {
        bundler.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@medhire/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
process.stdout.write(
  `Server compiled into dist/server.mjs in ${Math.round(performance.now() - startedAt)} ms.\n`,
);
