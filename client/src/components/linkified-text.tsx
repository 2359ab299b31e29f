import type { ReactNode } from 'react';

/** Web addresses in a message: http(s) only, up to a space or an angle bracket. */
const URL_PATTERN = /\bhttps?:\/\/[^\s<>"]+/gi;
/** Punctuation that ends a sentence rather than the address. */
const TRAILING = /[.,!?;:)\]'"]+$/;

/** The parts of `text`: plain strings and the addresses in it, in order. */
export function linkParts(text: string): { text: string; href?: string }[] {
  const parts: { text: string; href?: string }[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const start = match.index;
    const url = match[0].replace(TRAILING, '');
    if (start > last) parts.push({ text: text.slice(last, start) });
    parts.push({ text: url, href: url });
    last = start + url.length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}

/**
 * A person's text as text: React escapes it (no HTML is ever rendered) and line breaks stay (the
 * container keeps white space); web addresses become links that open in a new tab.
 */
export function LinkifiedText({ text }: { text: string }): ReactNode {
  return linkParts(text).map((part, index) =>
    part.href ? (
      <a key={index} href={part.href} target="_blank" rel="noopener noreferrer nofollow ugc">
        {part.text}
      </a>
    ) : (
      part.text
    ),
  );
}
