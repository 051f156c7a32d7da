import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MessageText } from '../components/message-text.tsx';
import { linkify, safeHref } from '../linkify.ts';

describe('links in message text', () => {
  it('makes http, https, www and e-mail addresses links, leaving the rest text', () => {
    expect(linkify('See https://medhire.example/jobs/42?ref=msg, or write to hr@clinic.example.')).toEqual([
      { type: 'text', text: 'See ' },
      {
        type: 'link',
        text: 'https://medhire.example/jobs/42?ref=msg',
        href: 'https://medhire.example/jobs/42?ref=msg',
      },
      { type: 'text', text: ', or write to ' },
      { type: 'link', text: 'hr@clinic.example', href: 'mailto:hr@clinic.example' },
      { type: 'text', text: '.' },
    ]);
    expect(linkify('(details at www.clinic.example/visit)')).toEqual([
      { type: 'text', text: '(details at ' },
      { type: 'link', text: 'www.clinic.example/visit', href: 'https://www.clinic.example/visit' },
      { type: 'text', text: ')' },
    ]);
    expect(linkify('http://a.example and mailto:b@c.example')).toEqual([
      { type: 'link', text: 'http://a.example', href: 'http://a.example/' },
      { type: 'text', text: ' and ' },
      { type: 'link', text: 'mailto:b@c.example', href: 'mailto:b@c.example' },
    ]);
    expect(linkify('No links here: 5 p.m. at Ward 3.')).toEqual([
      { type: 'text', text: 'No links here: 5 p.m. at Ward 3.' },
    ]);
  });

  it('never links javascript:, data: or other schemes', () => {
    for (const text of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(document.cookie)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      'file:///etc/passwd',
      'java\tscript:alert(1)',
    ]) {
      expect(
        linkify(text).every((part) => part.type === 'text'),
        text,
      ).toBe(true);
    }
    expect(safeHref('javascript:alert(1)')).toBeNull();
    expect(safeHref('https://')).toBeNull();
    expect(safeHref('https://ok.example')).toBe('https://ok.example/');
  });

  it('renders text as text (no HTML) and links that open in a new tab without a hold on this page', () => {
    const { container } = render(
      <p>
        <MessageText text={'<img src=x onerror=alert(1)> javascript:alert(1) https://ok.example/a'} />
      </p>,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toBe(
      '<img src=x onerror=alert(1)> javascript:alert(1) https://ok.example/a',
    );
    const links = container.querySelectorAll('a');
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveAttribute('href', 'https://ok.example/a');
    expect(links[0]).toHaveAttribute('target', '_blank');
    expect(links[0]).toHaveAttribute('rel', 'noopener noreferrer');
    expect(links[0]).toHaveTextContent('https://ok.example/a');
  });
});
