import { describe, expect, it } from 'vitest';
import { applyDocumentMeta, documentMeta } from '../../client/src/lib/config/document-meta';

const app = { displayName: 'Vowly Pro', title: 'Match With Your Perfect Customers', titleSeparator: ' | ', description: 'Default description.' };

describe('documentMeta', () => {
  it('when the route has no title or description, then the defaults are "<name> | Match With Your Perfect Customers" and the app description', () => {
    expect(documentMeta(app, {})).toEqual({ title: 'Vowly Pro | Match With Your Perfect Customers', description: 'Default description.' });
    expect(documentMeta(app, undefined).title).toBe('Vowly Pro | Match With Your Perfect Customers');
  });

  it('when the route has its own title and description, then they override the defaults', () => {
    expect(documentMeta(app, { title: 'Register', description: 'Sign up.' })).toEqual({ title: 'Register | Vowly Pro', description: 'Sign up.' });
  });

  it('when a translation is given, then config titles and descriptions go through it and the display name does not', () => {
    const translate = (text: string) => ({ 'routes.register': 'Create an account', Register: 'Registrieren', 'Sign up.': 'Anmelden.' })[text] ?? text;
    expect(documentMeta(app, { title: 'routes.register' }, translate).title).toBe('Create an account | Vowly Pro');
    expect(documentMeta(app, { title: 'Register', description: 'Sign up.' }, translate)).toEqual({ title: 'Registrieren | Vowly Pro', description: 'Anmelden.' });
  });

  it('when applied, then document.title and the meta description change (the tag is created if missing)', () => {
    document.head.querySelector('meta[name="description"]')?.remove();
    applyDocumentMeta(document, { title: 'T', description: 'D' });
    expect(document.title).toBe('T');
    expect(document.head.querySelector<HTMLMetaElement>('meta[name="description"]')?.content).toBe('D');
    applyDocumentMeta(document, { title: 'T2', description: 'D2' });
    expect(document.head.querySelectorAll('meta[name="description"]')).toHaveLength(1);
  });
});
