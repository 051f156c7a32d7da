import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'vite';

/** What the build tells of one chunk: enough to follow its static imports and its styles. */
export interface ChunkFacts {
  fileName: string;
  facadeModuleId?: string | null;
  imports: readonly string[];
  importedCss: readonly string[];
}

/**
 * The files lazily loaded modules need before they can run: each module's chunk, every chunk it
 * imports statically (transitively) and their stylesheets, in the order the chunks are reached.
 */
export function screenFiles(
  chunks: ReadonlyMap<string, ChunkFacts>,
  entryFileNames: readonly string[],
): { scripts: string[]; styles: string[] } {
  const scripts: string[] = [];
  const styles: string[] = [];
  const seen = new Set<string>();
  const visit = (fileName: string) => {
    if (seen.has(fileName)) return;
    seen.add(fileName);
    const chunk = chunks.get(fileName);
    if (!chunk) return;
    scripts.push(fileName);
    for (const imported of chunk.imports) visit(imported);
    for (const css of chunk.importedCss) if (!styles.includes(css)) styles.push(css);
  };
  for (const fileName of entryFileNames) visit(fileName);
  return { scripts, styles };
}

/**
 * index.html with the screen's files announced in its head, after the links the build already
 * wrote: module preloads for its scripts, and preloads for its styles, which do not hold back the
 * shell's first paint as stylesheets would. Files index.html names already are left out. When the
 * route asks for the screen, the app's loader (Vite's preload helper) finds the module preloads
 * and adds none of its own, and the browser has fetched the files while the entry script was
 * still on its way instead of after it ran.
 */
export function withScreenPreloads(
  indexHtml: string,
  base: string,
  files: { scripts: readonly string[]; styles: readonly string[] },
): string {
  const href = (fileName: string) => `${base}${fileName}`;
  const isNamed = (fileName: string) => indexHtml.includes(`"${href(fileName)}"`);
  const links = [
    ...files.scripts
      .filter((fileName) => !isNamed(fileName))
      .map((fileName) => `<link rel="modulepreload" crossorigin href="${href(fileName)}">`),
    ...files.styles
      .filter((fileName) => !isNamed(fileName))
      .map((fileName) => `<link rel="preload" as="style" crossorigin href="${href(fileName)}">`),
  ];
  const headEnd = indexHtml.indexOf('</head>');
  if (headEnd === -1) throw new Error('index.html has no </head> to put the screen preloads before.');
  const before = indexHtml.slice(0, headEnd).trimEnd();
  return `${before}\n${links.map((link) => `    ${link}\n`).join('')}  ${indexHtml.slice(headEnd)}`;
}

/**
 * Writes, next to index.html, one copy of it per first screen that already names the screen's
 * chunks. `pages`: output file name → the source modules the screen loads lazily (relative to the
 * app's root): its route module first, then any it loads on its first render. The server answers
 * the screen's addresses with that copy (apps/server/src/plugins/web-app.ts).
 */
export function routePreloads(pages: Record<string, readonly string[]>): Plugin {
  let root = '';
  let base = '/';
  let outDir = 'dist';
  return {
    name: 'medhire-route-preloads',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      base = config.base;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (index?.type !== 'asset') throw new Error('The build wrote no index.html.');
      const indexHtml =
        typeof index.source === 'string' ? index.source : Buffer.from(index.source).toString();
      const chunks = new Map<string, ChunkFacts>();
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        chunks.set(output.fileName, {
          fileName: output.fileName,
          facadeModuleId: output.facadeModuleId,
          imports: output.imports,
          importedCss: [...(output.viteMetadata?.importedCss ?? [])],
        });
      }
      await Promise.all(
        Object.entries(pages).map(async ([page, sources]) => {
          const starts = sources.map((source) => {
            const modulePath = path.resolve(root, source);
            const start = [...chunks.values()].find((chunk) => chunk.facadeModuleId === modulePath);
            if (!start) throw new Error(`No chunk of the build starts at ${source}.`);
            return start.fileName;
          });
          const html = withScreenPreloads(indexHtml, base, screenFiles(chunks, starts));
          await writeFile(path.join(outDir, page), html);
        }),
      );
    },
  };
}
