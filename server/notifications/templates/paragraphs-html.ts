import { escapeHtml } from '../../core/mail/mail';

/** One paragraph per line of text, escaped, with a link as a button-like anchor. */
export function paragraphsHtml(paragraphs: string[], link?: { href: string; text: string }): string {
  const body = paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('');
  return link ? `${body}<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.text)}</a></p>` : body;
}
