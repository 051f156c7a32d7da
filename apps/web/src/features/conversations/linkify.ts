/** A piece of a message: plain text, or a link with the text the sender wrote and where it goes. */
export type MessagePart = { type: 'text'; text: string } | { type: 'link'; text: string; href: string };

/** The only kinds of address a message link may open. */
const SAFE_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);

/**
 * What looks like an address in plain text: a web address with its scheme or starting with
 * www., or an e-mail address (optionally written as mailto:). Anything else, `javascript:`
 * and `data:` included, stays text.
 */
const CANDIDATE =
  /\b(?:https?:\/\/[^\s<>"']+|www\.[^\s<>"']+|(?:mailto:)?[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,})/gi;

/** Punctuation that ends a sentence rather than an address: "see https://a.org/x." */
const TRAILING = /[.,;:!?'"*_~]+$/;

/** Drops a closing bracket the address did not open: "(see https://a.org/x)". */
function trimUnbalanced(candidate: string): string {
  let text = candidate.replace(TRAILING, '');
  for (const [open, close] of [
    ['(', ')'],
    ['[', ']'],
  ] as const) {
    while (text.endsWith(close) && text.split(close).length > text.split(open).length) {
      text = text.slice(0, -1).replace(TRAILING, '');
    }
  }
  return text;
}

/** The address a candidate opens, or null when it is not a safe, well-formed one. */
export function safeHref(candidate: string): string | null {
  let href: string;
  if (/^www\./i.test(candidate)) href = `https://${candidate}`;
  else if (/^(https?|mailto):/i.test(candidate)) href = candidate;
  else if (candidate.includes('@')) href = `mailto:${candidate}`;
  else return null;
  try {
    const url = new URL(href);
    if (!SAFE_PROTOCOLS.has(url.protocol)) return null;
    if (url.protocol !== 'mailto:' && !url.hostname) return null;
    return url.href;
  } catch {
    return null;
  }
}

/**
 * Splits a message's text into plain text and links. Only http, https and mailto addresses
 * become links; the text shown is always what the sender wrote.
 */
export function linkify(text: string): MessagePart[] {
  const parts: MessagePart[] = [];
  let plainFrom = 0;
  for (const match of text.matchAll(CANDIDATE)) {
    const start = match.index ?? 0;
    const candidate = trimUnbalanced(match[0]);
    const href = candidate ? safeHref(candidate) : null;
    if (!href) continue;
    if (start > plainFrom) parts.push({ type: 'text', text: text.slice(plainFrom, start) });
    parts.push({ type: 'link', text: candidate, href });
    plainFrom = start + candidate.length;
  }
  if (plainFrom < text.length) parts.push({ type: 'text', text: text.slice(plainFrom) });
  return parts;
}
