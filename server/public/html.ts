const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text (or an attribute's value) written into HTML or XML: the five special characters escaped. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] as string);

/** A `<meta>` tag; `key` is `name` or `property` (Open Graph). */
export const metaTag = (key: 'name' | 'property', name: string, content: string): string =>
  `<meta ${key}="${escapeHtml(name)}" content="${escapeHtml(content)}" />`;

/**
 * schema.org data as `<script type="application/ld+json">`: not executed, so no nonce needed
 * (the CSP governs scripts that run). `<`, `>` and `&` are written as \u escapes so no text a
 * vendor wrote can close the tag; JSON.parse reads them back unchanged.
 */
export function jsonLdScript(data: unknown): string {
  return `<script type="application/ld+json">${scriptSafeJson(data)}</script>`;
}

/**
 * Data the app reads as it starts, as `<script type="application/json" id="…">`: not executed
 * (no nonce), escaped as `jsonLdScript`'s so no text can close the tag.
 */
export function jsonDataScript(id: string, data: unknown): string {
  return `<script type="application/json" id="${escapeHtml(id)}">${scriptSafeJson(data)}</script>`;
}

/** JSON with `<`, `>`, `&`, U+2028 and U+2029 written as \u escapes: safe inside a script element, read back unchanged by JSON.parse. */
function scriptSafeJson(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** At most `max` characters of `text` on one line, cut at a word with "…" when longer (meta descriptions: about 155). */
export function clip(text: string, max: number): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= max) return line;
  const cut = line.slice(0, max - 1);
  const word = cut.lastIndexOf(' ');
  return `${(word > max / 2 ? cut.slice(0, word) : cut).replace(/[\s,.;:!?-]+$/, '')}…`;
}

/** A path or URL made absolute against the public base URL (PUBLIC_URL); absolute ones are kept. */
export const absoluteUrl = (base: string, pathOrUrl: string): string =>
  /^https?:\/\//i.test(pathOrUrl) ? pathOrUrl : `${base.replace(/\/+$/, '')}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`;
