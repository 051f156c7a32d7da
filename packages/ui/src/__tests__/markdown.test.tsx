import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Markdown, renderMarkdown } from '../markdown.tsx';

describe('Markdown', () => {
  it('renders headings, lists, bold and links, with headings nested under the page', () => {
    render(
      <Markdown
        topHeadingLevel={4}
        source={
          '# Schedule\n\n## Call\n\n- **7 on / 7 off**\n- no nights\n\n[Our hospital](https://example.org/about)'
        }
      />,
    );
    expect(screen.getByRole('heading', { name: 'Schedule', level: 4 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Call', level: 5 })).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByText('7 on / 7 off').tagName).toBe('STRONG');
    const link = screen.getByRole('link', { name: 'Our hospital' });
    expect(link).toHaveAttribute('href', 'https://example.org/about');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow');
  });

  it('shows raw HTML as text, never as elements', () => {
    const { container } = render(
      <Markdown source={'<script>alert(1)</script>\n\n<img src=x onerror="alert(2)">\n\n<b>bold?</b>'} />,
    );
    expect(container.querySelector('script, img, b, [onerror]')).toBeNull();
    expect(container).toHaveTextContent('<script>alert(1)</script>');
    expect(container).toHaveTextContent('<b>bold?</b>');
  });

  it.each([
    ['javascript:', '[click](javascript:alert(1))'],
    ['JavaScript: with odd case and spaces', '[click]( JaVaScRiPt:alert(1) )'],
    ['an encoded javascript:', '[click](&#106;avascript:alert(1))'],
    ['vbscript:', '[click](vbscript:msgbox(1))'],
    ['data:', '[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)'],
    ['an autolink to javascript:', '<javascript:alert(1)>'],
    ['a relative address', '[click](/api/employer/auth/v1/archive-profile/1)'],
  ])('does not make a link of %s', (_case, source) => {
    const { container } = render(<Markdown source={source} />);
    expect(container.querySelector('a')).toBeNull();
    expect(renderMarkdown(source)).not.toMatch(/href=/i);
  });

  it('keeps e-mail links and leaves images out', () => {
    render(
      <Markdown source={'[Write to us](mailto:jobs@example.org)\n\n![tracker](https://example.org/t.png)'} />,
    );
    expect(screen.getByRole('link', { name: 'Write to us' })).toHaveAttribute(
      'href',
      'mailto:jobs@example.org',
    );
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });
});
