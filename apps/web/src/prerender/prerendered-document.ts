/** The part of a Vite build manifest entry the prerender reads (dist/.vite/manifest.json). */
export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

export type Manifest = Record<string, ManifestChunk>;

export interface RouteAssets {
  /** Stylesheets in the order the app itself would add them, so the cascade is the same. */
  stylesheets: string[];
  /** Script chunks to fetch alongside the entry instead of after it has run. */
  modules: string[];
}

function chunkOf(manifest: Manifest, key: string): ManifestChunk {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`The build manifest has no chunk for "${key}".`);
  return chunk;
}

/**
 * The stylesheets and script chunks that the given lazily loaded modules (a route's layout and
 * screen) need beyond what the entry already loads from index.html.
 *
 * Stylesheets follow Vite's own preload order (a chunk's imports before the chunk itself, the
 * modules in the order given), so the page styled before the app runs cascades exactly like
 * the page the app renders.
 */
export function routeAssets(manifest: Manifest, moduleKeys: readonly string[]): RouteAssets {
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entryKey) throw new Error('The build manifest has no entry chunk.');

  const loadedByEntry = new Set<string>();
  const markEntryClosure = (key: string) => {
    if (loadedByEntry.has(key)) return;
    loadedByEntry.add(key);
    for (const imported of chunkOf(manifest, key).imports ?? []) markEntryClosure(imported);
  };
  markEntryClosure(entryKey);

  const visited = new Set<string>();
  const stylesheets: string[] = [];
  const modules: string[] = [];
  const visit = (key: string) => {
    if (visited.has(key) || loadedByEntry.has(key)) return;
    visited.add(key);
    const chunk = chunkOf(manifest, key);
    modules.push(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
    for (const css of chunk.css ?? []) if (!stylesheets.includes(css)) stylesheets.push(css);
  };
  for (const key of moduleKeys) visit(key);
  return { stylesheets, modules };
}

export interface PrerenderedPage {
  /** What React rendered for the page; a leading <title> (hoisted by React) becomes the document's. */
  markup: string;
  assets: RouteAssets;
  /** Vite's `base`: the public path the asset files are served under. */
  base?: string;
  /** The file (below `base`) of start-after-paint.js, which starts the scripts after the first paint. */
  loader: string;
}

const ROOT_ELEMENT = '<div id="root"></div>';

/**
 * The design token that times the page entrance animation (@medhire/ui/tokens.css). The
 * prerendered #root sets it to 0s so the page is visible at its first paint, and the app keeps
 * it so until the first navigation (prerender/take-over.ts).
 */
export const PAGE_TRANSITION_PROPERTY = '--page-transition';

/**
 * Parsed after the rest of the page. Until then the browser must not render (rel="expect"),
 * or a slow parse would paint a partly parsed page that then grows: a layout shift.
 */
const END_MARKER_ID = 'prerendered-page-end';
const LEADING_TITLE = /^<title>([^<]*)<\/title>/;

/**
 * index.html with a prerendered page inside #root, the page's stylesheets linked in <head> and
 * its scripts left to the loader.
 *
 * No script is fetched before the page has painted: the app's entry and its chunks are started
 * by the loader (start-after-paint.js) from its data attributes.
 *
 * The markup is wrapped in an inert element: until the app has loaded, its form and links do
 * nothing (a form submitted natively would put the password in the address). The wrapper has
 * no box of its own, and the app's first render replaces it along with everything in #root.
 * The page shows without the entrance animation (see PAGE_TRANSITION_PROPERTY).
 */
export function prerenderedDocument(indexHtml: string, page: PrerenderedPage): string {
  const base = page.base ?? '/';
  if (indexHtml.split(ROOT_ELEMENT).length !== 2) {
    throw new Error(`index.html must contain exactly one empty ${ROOT_ELEMENT}.`);
  }
  if (!indexHtml.includes('</head>')) throw new Error('index.html has no </head>.');
  if (/<script[\s>]/i.test(page.markup)) {
    throw new Error('The prerendered markup contains a script, which the content security policy blocks.');
  }

  let html = indexHtml;
  let markup = page.markup;
  const title = LEADING_TITLE.exec(markup);
  if (title) {
    markup = markup.slice(title[0].length);
    if (!/<title>[^<]*<\/title>/.test(html)) throw new Error('index.html has no <title> to replace.');
    html = html.replace(/<title>[^<]*<\/title>/, () => title[0]);
  }

  // The page paints without its scripts, so they start after it has (start-after-paint.js):
  // index.html's module script and preloads become the loader's list, the route's chunks after.
  let entry: string | undefined;
  const preloads: string[] = [];
  html = html.replace(
    /[ \t]*<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>\n?/g,
    (_match, src: string) => {
      if (entry) throw new Error('index.html loads more than one module script.');
      entry = src;
      return '';
    },
  );
  if (!entry) throw new Error('index.html loads no module script.');
  html = html.replace(
    /[ \t]*<link rel="modulepreload"[^>]*\shref="([^"]+)"[^>]*>\n?/g,
    (_match, href: string) => {
      preloads.push(href);
      return '';
    },
  );
  preloads.push(...page.assets.modules.map((file) => `${base}${file}`));
  const headTags = [
    `<link rel="expect" href="#${END_MARKER_ID}" blocking="render">`,
    ...page.assets.stylesheets.map((file) => `<link rel="stylesheet" crossorigin href="${base}${file}">`),
    `<script defer src="${base}${page.loader}" data-entry="${entry}" data-preload="${preloads.join(' ')}"></script>`,
  ];
  html = html.replace(
    /([ \t]*)<\/head>/,
    (_match, indent: string) => `${headTags.map((tag) => `${indent}  ${tag}\n`).join('')}${indent}</head>`,
  );
  return html.replace(
    ROOT_ELEMENT,
    () =>
      `<div id="root" style="${PAGE_TRANSITION_PROPERTY}:0s"><div inert style="display:contents">${markup}<span id="${END_MARKER_ID}" hidden></span></div></div>`,
  );
}
