import { useEffect } from 'react';
import { useConfig } from './config-context';
import { applyDocumentMeta, documentMeta } from './document-meta';

/**
 * Title and description from a page's own data ("Sweet Layers | Vowly Pro"), once it has loaded;
 * null leaves the route's. Applied after the commit's effects: the root layout, whose effect runs
 * after its children's, writes the route's title on the same navigation.
 */
export function useDocumentMeta(meta: { title: string; description: string } | null): void {
  const { app } = useConfig();
  const title = meta?.title;
  const description = meta?.description;
  useEffect(() => {
    if (title === undefined || description === undefined) return;
    let live = true;
    void Promise.resolve().then(() => {
      if (live) applyDocumentMeta(document, documentMeta(app, { title, description }));
    });
    return () => {
      live = false;
    };
  }, [app, title, description]);
}
