import { describe, expect, it } from 'vitest';
import appJson from '../../schemas/app.json';
import routesJson from '../../schemas/routes.json';
import { routesFileSchema } from '../../shared/contracts/route';
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
    expect(documentMeta(app, { title: 'Register', description: 'Sign up.' }, translate)).toEqual({
      title: 'Registrieren | Vowly Pro',
      description: 'Anmelden.',
    });
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

describe('the titles and descriptions of schemas/routes.json', () => {
  const routes = routesFileSchema.parse(routesJson).routes;
  const metaOf = (name: string) => routes.find((route) => route.name === name)?.meta;

  it('when the sign-in page opens, then its title and description are the seed\'s defaults ("Vowly Pro | Match With Your Perfect Customers")', () => {
    applyDocumentMeta(document, documentMeta(appJson, metaOf('login')));
    expect(document.title).toBe('Vowly Pro | Match With Your Perfect Customers');
    expect(document.head.querySelector<HTMLMetaElement>('meta[name="description"]')?.content).toBe(appJson.description);
  });

  it('when /register or /forgot-password opens, then its description is the text the specification gives the route', () => {
    expect(documentMeta(appJson, metaOf('register')).description).toBe('Sign up to promote your business and receive quote requests.');
    expect(documentMeta(appJson, metaOf('forgot-password')).description).toBe('Reset your password to manage quotes and customer leads.');
  });
});
