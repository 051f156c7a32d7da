import MarkdownIt from 'markdown-it';
import { useMemo } from 'react';
import { cx } from './cx.ts';
import './markdown.css';

/** The only link targets a rendered text may point to; anything else stays plain text. */
const SAFE_LINK = /^(https?:|mailto:)/i;

/**
 * Markdown as people write it (headings, lists, emphasis, links, quotes, tables), with raw HTML
 * off: tags are shown as the text they are, so a description can never run script or restyle
 * the page. Images are off too, so a posting cannot load pictures from elsewhere (tracking).
 */
const markdown = new MarkdownIt({ html: false, linkify: true, typographer: false, breaks: false }).disable([
  'image',
]);

// markdown-it already refuses javascript:, vbscript:, file: and data: links; this narrows links to
// web and e-mail addresses, so relative or app-internal URLs in a posting do not become links.
markdown.validateLink = (url) => SAFE_LINK.test(url.trim());

markdown.renderer.rules.link_open = (tokens, index, options, _env, self) => {
  const token = tokens[index];
  if (token) {
    token.attrSet('target', '_blank');
    token.attrSet('rel', 'noopener noreferrer nofollow');
  }
  return self.renderToken(tokens, index, options);
};

interface RenderEnv {
  /** The level a Markdown `#` heading takes, so headings nest under the page's own. */
  topHeadingLevel: number;
}

const shiftHeading: NonNullable<typeof markdown.renderer.rules.heading_open> = (
  tokens,
  index,
  options,
  env: RenderEnv,
  self,
) => {
  const token = tokens[index];
  if (token) {
    const level = Number(token.tag.slice(1));
    token.tag = `h${Math.min(6, level + env.topHeadingLevel - 1)}`;
  }
  return self.renderToken(tokens, index, options);
};
markdown.renderer.rules.heading_open = shiftHeading;
markdown.renderer.rules.heading_close = shiftHeading;

/** The HTML of a Markdown text, safe to insert (see `markdown` above). */
export function renderMarkdown(source: string, topHeadingLevel = 3): string {
  const env: RenderEnv = { topHeadingLevel };
  return markdown.render(source, env);
}

export interface MarkdownProps {
  source: string;
  /** The heading level a `#` heading becomes (a `##` one level below, and so on, up to h6). */
  topHeadingLevel?: 2 | 3 | 4 | 5;
  className?: string;
}

/** Shows a Markdown text written by a user, rendered safely. */
export function Markdown({ source, topHeadingLevel = 3, className }: MarkdownProps) {
  const html = useMemo(() => renderMarkdown(source, topHeadingLevel), [source, topHeadingLevel]);
  // Safe by construction: raw HTML is escaped by markdown-it (html: false) and links are limited
  // to http(s) and mailto, as the tests of this component check.
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the HTML comes from renderMarkdown only.
  return <div className={cx('markdown', className)} dangerouslySetInnerHTML={{ __html: html }} />;
}
