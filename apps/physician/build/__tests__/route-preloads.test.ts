import { describe, expect, it } from 'vitest';
import { type ChunkFacts, screenFiles, withScreenPreloads } from '../route-preloads.ts';

function chunk(fileName: string, imports: string[] = [], importedCss: string[] = []): [string, ChunkFacts] {
  return [fileName, { fileName, imports, importedCss }];
}

const CHUNKS = new Map<string, ChunkFacts>([
  chunk('assets/index.js', ['assets/runtime.js', 'assets/compat.js'], ['assets/index.css']),
  chunk('assets/runtime.js'),
  chunk('assets/compat.js', ['assets/runtime.js']),
  chunk(
    'assets/job-screens.js',
    ['assets/field.js', 'assets/pager.js', 'assets/compat.js'],
    ['assets/jobs.css'],
  ),
  chunk('assets/field.js', ['assets/compat.js'], ['assets/field.css']),
  chunk('assets/pager.js', ['assets/field.js'], ['assets/pager.css', 'assets/field.css']),
  chunk('assets/messages.js', ['assets/field.js'], ['assets/messages.css']),
]);

const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <script type="module" crossorigin src="/physician/assets/index.js"></script>
    <link rel="modulepreload" crossorigin href="/physician/assets/runtime.js">
    <link rel="modulepreload" crossorigin href="/physician/assets/compat.js">
    <link rel="stylesheet" crossorigin href="/physician/assets/index.css">
  <link rel="manifest" href="/physician/manifest.webmanifest"></head>
  <body><div id="root"></div></body>
</html>
`;

describe('screenFiles', () => {
  it('follows the screen chunk through every static import, each file once, with their styles', () => {
    expect(screenFiles(CHUNKS, ['assets/job-screens.js'])).toEqual({
      scripts: [
        'assets/job-screens.js',
        'assets/field.js',
        'assets/compat.js',
        'assets/runtime.js',
        'assets/pager.js',
      ],
      styles: ['assets/field.css', 'assets/pager.css', 'assets/jobs.css'],
    });
  });

  it('adds the modules a screen loads on its first render after the screen, each file still once', () => {
    expect(screenFiles(CHUNKS, ['assets/job-screens.js', 'assets/messages.js'])).toEqual({
      scripts: [
        'assets/job-screens.js',
        'assets/field.js',
        'assets/compat.js',
        'assets/runtime.js',
        'assets/pager.js',
        'assets/messages.js',
      ],
      styles: ['assets/field.css', 'assets/pager.css', 'assets/jobs.css', 'assets/messages.css'],
    });
  });

  it('leaves out the chunks of other screens', () => {
    const { scripts, styles } = screenFiles(CHUNKS, ['assets/job-screens.js']);
    expect(scripts).not.toContain('assets/messages.js');
    expect(styles).not.toContain('assets/messages.css');
  });
});

describe('withScreenPreloads', () => {
  const html = withScreenPreloads(INDEX_HTML, '/physician/', screenFiles(CHUNKS, ['assets/job-screens.js']));

  it('names the screen chunks as module preloads and its styles as style preloads, inside the head', () => {
    const head = html.slice(0, html.indexOf('</head>'));
    for (const script of ['job-screens.js', 'field.js', 'pager.js']) {
      expect(head).toContain(`<link rel="modulepreload" crossorigin href="/physician/assets/${script}">`);
    }
    for (const style of ['field.css', 'pager.css', 'jobs.css']) {
      expect(head).toContain(`<link rel="preload" as="style" crossorigin href="/physician/assets/${style}">`);
    }
  });

  it('does not name again what index.html already loads', () => {
    expect(html.match(/assets\/compat\.js/g)).toHaveLength(1);
    expect(html.match(/assets\/runtime\.js/g)).toHaveLength(1);
  });

  it('keeps the rest of index.html as it was: its own links first, then the screen, then the body', () => {
    const added = html.slice(
      html.indexOf('manifest.webmanifest">') + 'manifest.webmanifest">'.length,
      html.indexOf('</head>'),
    );
    expect(html.replace(added, '')).toBe(INDEX_HTML);
    expect(html.indexOf('index.css')).toBeLessThan(html.indexOf('jobs.css'));
  });

  it('refuses a page without a head to put the links in', () => {
    expect(() =>
      withScreenPreloads('<p>no head</p>', '/physician/', { scripts: ['a.js'], styles: [] }),
    ).toThrow(/<\/head>/);
  });
});
