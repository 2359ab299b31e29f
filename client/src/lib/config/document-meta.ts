import type { AppConfig } from '../../../../shared/contracts/app-config';
import type { RouteMeta } from '../../../../shared/contracts/route';

/**
 * Title and description of a page: the route's own, else the app defaults (docs/specification.md §1). Config
 * texts go through `translate` (an i18n key, or text shown as written); the default is as is.
 */
export function documentMeta(
  app: Pick<AppConfig, 'displayName' | 'title' | 'titleSeparator' | 'description'>,
  meta: RouteMeta | undefined,
  translate: (text: string) => string = (text) => text,
) {
  return {
    title: meta?.title ? `${translate(meta.title)}${app.titleSeparator}${app.displayName}` : `${app.displayName}${app.titleSeparator}${translate(app.title)}`,
    description: translate(meta?.description ?? app.description),
  };
}

/** Writes the title and the meta description into the document. */
export function applyDocumentMeta(doc: Document, meta: { title: string; description: string }): void {
  doc.title = meta.title;
  let tag = doc.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!tag) {
    tag = doc.createElement('meta');
    tag.name = 'description';
    doc.head.appendChild(tag);
  }
  tag.content = meta.description;
}
