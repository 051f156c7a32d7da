import { describe, expect, it } from 'vitest';
import { type Manifest, prerenderedDocument, routeAssets } from '../prerendered-document.ts';

/** The shape Vite writes: the entry, shared chunks (keys starting with _) and lazy modules. */
const manifest: Manifest = {
  'index.html': {
    file: 'assets/index-1.js',
    isEntry: true,
    imports: ['_react-1.js', '_store-1.js'],
    css: ['assets/index-1.css'],
  },
  '_react-1.js': { file: 'assets/react-1.js' },
  '_store-1.js': { file: 'assets/store-1.js', imports: ['_react-1.js'] },
  '_icons-1.js': { file: 'assets/icons-1.js', imports: ['index.html'], css: ['assets/icons-1.css'] },
  '_button-1.js': { file: 'assets/button-1.js', imports: ['_react-1.js'], css: ['assets/button-1.css'] },
  'src/layout.tsx': {
    file: 'assets/layout-1.js',
    imports: ['index.html', '_icons-1.js', '_react-1.js'],
    css: ['assets/layout-1.css'],
  },
  'src/screen.tsx': {
    file: 'assets/screen-1.js',
    imports: ['index.html', '_button-1.js', '_icons-1.js', '_store-1.js'],
    css: ['assets/button-1.css', 'assets/screen-1.css'],
  },
};

const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <title>MedHire</title>
    <script type="module" crossorigin src="/assets/index-1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-1.js">
    <link rel="stylesheet" crossorigin href="/assets/index-1.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

describe('routeAssets', () => {
  it('lists what the lazy modules need beyond the entry, stylesheets in cascade order', () => {
    expect(routeAssets(manifest, ['src/layout.tsx', 'src/screen.tsx'])).toEqual({
      // Imported chunks' styles come before their importer's, as Vite's preloading adds them.
      stylesheets: [
        'assets/icons-1.css',
        'assets/layout-1.css',
        'assets/button-1.css',
        'assets/screen-1.css',
      ],
      modules: ['assets/layout-1.js', 'assets/icons-1.js', 'assets/screen-1.js', 'assets/button-1.js'],
    });
  });

  it('leaves out what index.html already loads', () => {
    const { modules, stylesheets } = routeAssets(manifest, ['src/screen.tsx']);
    expect(modules).not.toContain('assets/index-1.js');
    expect(modules).not.toContain('assets/react-1.js');
    expect(modules).not.toContain('assets/store-1.js');
    expect(stylesheets).not.toContain('assets/index-1.css');
  });

  it('fails loudly when a module the page needs is not in the build', () => {
    expect(() => routeAssets(manifest, ['src/renamed-screen.tsx'])).toThrow(/src\/renamed-screen\.tsx/);
  });
});

describe('prerenderedDocument', () => {
  const page = {
    markup: '<title>Sign in · MedHire</title><main><h1>Sign in</h1><form class="auth-form"></form></main>',
    assets: { stylesheets: ['assets/screen-1.css'], modules: ['assets/screen-1.js'] },
    loader: 'assets/start-after-paint-1.js',
  };

  it('puts the markup inside #root, in an inert wrapper without a box of its own', () => {
    const html = prerenderedDocument(INDEX_HTML, page);
    expect(html).toContain(
      '<div inert style="display:contents"><main><h1>Sign in</h1><form class="auth-form"></form></main>',
    );
  });

  it('keeps the browser from rendering the page before all of it is parsed', () => {
    const html = prerenderedDocument(INDEX_HTML, page);
    const head = html.slice(0, html.indexOf('</head>'));
    const expectLink = /<link rel="expect" href="#([\w-]+)" blocking="render">/.exec(head);
    expect(expectLink).not.toBeNull();
    // The element it waits for comes after everything else in #root.
    expect(html).toContain(`</form></main><span id="${expectLink?.[1]}" hidden></span></div></div>`);
  });

  it('shows the page at its first paint, without the entrance animation', () => {
    const html = prerenderedDocument(INDEX_HTML, page);
    expect(html).toContain('<div id="root" style="--page-transition:0s"><div inert');
  });

  it("makes the page's hoisted <title> the document's", () => {
    const html = prerenderedDocument(INDEX_HTML, page);
    expect(html).toContain('<title>Sign in · MedHire</title>');
    expect(html).not.toContain('<title>MedHire</title>');
    expect(html.match(/<title>/g)).toHaveLength(1);
  });

  it('links the route stylesheets after the entry stylesheet', () => {
    const html = prerenderedDocument(INDEX_HTML, page);
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/screen-1.css">');
    expect(head.indexOf('/assets/index-1.css')).toBeLessThan(head.indexOf('/assets/screen-1.css'));
  });

  it('fetches no script before the first paint: the loader starts the entry and every chunk after it', () => {
    const html = prerenderedDocument(INDEX_HTML, page);
    expect(html).not.toContain('type="module"');
    expect(html).not.toContain('modulepreload');
    expect(html.match(/<script/g)).toHaveLength(1);
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain(
      '<script defer src="/assets/start-after-paint-1.js" data-entry="/assets/index-1.js" data-preload="/assets/react-1.js /assets/screen-1.js"></script>',
    );
    // After the stylesheets, which a deferred script waits for anyway.
    expect(head.indexOf('start-after-paint')).toBeGreaterThan(head.indexOf('/assets/screen-1.css'));
  });

  it('refuses an index.html without exactly one module script', () => {
    expect(() => prerenderedDocument(INDEX_HTML.replace(/<script[^>]*><\/script>/, ''), page)).toThrow(
      /no module script/,
    );
    const twoScripts = INDEX_HTML.replace(
      '</head>',
      '<script type="module" crossorigin src="/assets/other.js"></script></head>',
    );
    expect(() => prerenderedDocument(twoScripts, page)).toThrow(/more than one/);
  });

  it('serves assets under a configured base path', () => {
    const html = prerenderedDocument(INDEX_HTML, { ...page, base: '/app/' });
    expect(html).toContain('href="/app/assets/screen-1.css"');
    expect(html).toContain('src="/app/assets/start-after-paint-1.js"');
    expect(html).toContain('data-preload="/assets/react-1.js /app/assets/screen-1.js"');
  });

  it('keeps replacement patterns in the markup literal', () => {
    const html = prerenderedDocument(INDEX_HTML, { ...page, markup: '<p>Costs $& and $1</p>' });
    expect(html).toContain('<p>Costs $& and $1</p>');
  });

  it('refuses markup with a script, which the content security policy would block', () => {
    expect(() =>
      prerenderedDocument(INDEX_HTML, { ...page, markup: '<div></div><script>window.x = 1</script>' }),
    ).toThrow(/script/);
  });

  it('refuses an index.html without an empty #root', () => {
    expect(() =>
      prerenderedDocument(INDEX_HTML.replace('<div id="root"></div>', '<div id="app"></div>'), page),
    ).toThrow(/#?root/);
  });
});
