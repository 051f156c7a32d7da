import { linkify } from '../linkify.ts';

/**
 * A message body as text (React escapes it; nothing is parsed as HTML), with its web and e-mail
 * addresses as links that open in a new tab without giving that page a hold on this one.
 */
export function MessageText({ text }: { text: string }) {
  return (
    <>
      {linkify(text).map((part, index) =>
        part.type === 'link' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never move.
          <a key={index} href={part.href} target="_blank" rel="noopener noreferrer">
            {part.text}
          </a>
        ) : (
          part.text
        ),
      )}
    </>
  );
}
