import { describe, expect, it } from 'vitest';
import { routeEntrySchema, routeMetaSchema, routePathSchema } from '../../../shared/contracts/route';

describe('routeMetaSchema', () => {
  it('when every seed meta key is given, then the meta is accepted as is', () => {
    const meta = {
      title: 'Change plan',
      description: 'Pick a plan.',
      requiresAuth: true,
      redirectIfLoggedIn: false,
      authorize: ['admin'],
      action: 'manage',
      resource: 'Billing',
      layout: 'full',
    };
    expect(routeMetaSchema.parse(meta)).toEqual(meta);
  });

  it('when the meta is empty, then it is accepted', () => {
    expect(routeMetaSchema.safeParse({}).success).toBe(true);
  });

  it.each([
    ['an unknown key', { title: 'Dashboard', roles: ['admin'] }],
    ['a misspelt key', { requireAuth: true }],
  ])('when the meta has %s, then it is rejected', (_label, meta) => {
    expect(routeMetaSchema.safeParse(meta).success).toBe(false);
  });

  it.each(['full', 'sidebar-only', 'vertical', 'horizontal'])('when the layout is %j, then it is accepted', (layout) => {
    expect(routeMetaSchema.safeParse({ layout }).success).toBe(true);
  });

  it.each(['wide', 'Full', '', 'boxed'])('when the layout is %j, then it is rejected', (layout) => {
    expect(routeMetaSchema.safeParse({ layout }).success).toBe(false);
  });

  it.each([
    ['requiresAuth as a string', { requiresAuth: 'yes' }],
    ['authorize as a string', { authorize: 'admin' }],
    ['an empty authorize list', { authorize: [] }],
  ])('when the meta has %s, then it is rejected', (_label, meta) => {
    expect(routeMetaSchema.safeParse(meta).success).toBe(false);
  });
});

describe('routePathSchema', () => {
  it.each([
    '/',
    '/dashboard',
    '/reset-password/:token',
    '/vendor-profile/:adminId/:slug',
    '/auto-response/bartending_beverage',
    '/pages/miscellaneous/not-authorized',
  ])('when the path is %j, then it is accepted', (path) => {
    expect(routePathSchema.safeParse(path).success).toBe(true);
  });

  it.each(['dashboard', '/Bad Path', '/Dashboard', '/dashboard/', '', '//dashboard', '/a/:', '/a/:1b', '/a?b=1'])(
    'when the path is %j, then it is rejected',
    (path) => {
      expect(routePathSchema.safeParse(path).success).toBe(false);
    },
  );
});

describe('routeEntrySchema', () => {
  it('when an entry has no meta, then the meta defaults to an empty object', () => {
    expect(routeEntrySchema.parse({ name: 'contact', path: '/contact' }).meta).toEqual({});
  });

  it('when an entry name has upper-case letters, then it is rejected', () => {
    expect(routeEntrySchema.safeParse({ name: 'Contact', path: '/contact' }).success).toBe(false);
  });
});
