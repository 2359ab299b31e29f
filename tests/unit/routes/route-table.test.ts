import { describe, expect, it } from 'vitest';
import type { Route } from '../../../shared/contracts/route';
import { createRouteTable } from '../../../shared/routes/route-table';

function route(name: string, path: string): Route {
  return { name, path, page: name, meta: {} };
}

// Param routes listed before the literals they overlap, so order cannot explain a literal win.
const ROUTES: Route[] = [
  route('any-two', '/:section/:id'),
  route('user', '/users/:id'),
  route('section-posts', '/:section/:id/posts'),
  route('user-posts', '/users/:id/posts'),
  route('user-new', '/users/new'),
  route('home', '/'),
  route('reset-password', '/reset-password/:token'),
  route('dashboard', '/dashboard'),
];

const table = createRouteTable(ROUTES);

describe('createRouteTable().match', () => {
  it.each([
    { path: '/users/new', name: 'user-new', params: {} },
    { path: '/users/42', name: 'user', params: { id: '42' } },
    { path: '/teams/42', name: 'any-two', params: { section: 'teams', id: '42' } },
    { path: '/users/7/posts', name: 'user-posts', params: { id: '7' } },
    { path: '/teams/7/posts', name: 'section-posts', params: { section: 'teams', id: '7' } },
  ])('when $path has a literal and a param candidate, then the most literal route wins ($name)', ({ path, name, params }) => {
    const match = table.match(path);
    expect({ name: match?.route.name, params: match?.params }).toEqual({ name, params });
  });

  it.each([
    { path: '/users/new?from=menu', name: 'user-new' },
    { path: '/users/new#form', name: 'user-new' },
    { path: '/users/new/', name: 'user-new' },
    { path: '/dashboard/?tab=2#top', name: 'dashboard' },
    { path: '/?next=x', name: 'home' },
    { path: '', name: 'home' },
  ])('when $path carries a query, hash or trailing slash, then it matches $name', ({ path, name }) => {
    expect(table.match(path)?.route.name).toBe(name);
  });

  it('when a param path carries a query, then the query is not part of the param', () => {
    expect(table.match('/users/42?tab=2#x')?.params).toEqual({ id: '42' });
  });

  it.each([
    { path: '/DASHBOARD', name: 'dashboard' },
    { path: '/Users/New', name: 'user-new' },
    { path: '/RESET-PASSWORD/abc', name: 'reset-password' },
  ])('when $path differs only in letter case, then it still matches $name', ({ path, name }) => {
    expect(table.match(path)?.route.name).toBe(name);
  });

  it('when a param has upper-case letters, then its value keeps them', () => {
    expect(table.match('/reset-password/AbCdEf')?.params).toEqual({ token: 'AbCdEf' });
  });

  it.each([
    { path: '/reset-password/a%20b', token: 'a b' },
    { path: '/reset-password/caf%C3%A9', token: 'café' },
    { path: '/reset-password/a%2Fb', token: 'a/b' },
    { path: '/reset-password/%E0%A4%A', token: '%E0%A4%A' },
  ])('when the param is $path, then its value is decoded to $token (malformed escapes kept as they are)', ({ path, token }) => {
    expect(table.match(path)?.params).toEqual({ token });
  });

  it.each(['/nope', '/users/1/2/3', '/teams/7/comments', '/reset-password'])('when nothing fits %s, then there is no match', (path) => {
    expect(table.match(path)).toBeNull();
  });
});

describe('createRouteTable().byName and pathOf', () => {
  it('when a route name is known, then byName returns that route', () => {
    expect(table.byName('user-new')?.path).toBe('/users/new');
  });

  it('when a route name is unknown, then byName returns undefined', () => {
    expect(table.byName('nope')).toBeUndefined();
  });

  it.each([
    ['dashboard', '/dashboard'],
    ['home', '/'],
    ['user-new', '/users/new'],
  ])('when pathOf is asked for the parameterless route %s, then it returns %s', (name, path) => {
    expect(table.pathOf(name)).toBe(path);
  });

  it('when pathOf is asked for an unknown route, then it throws naming the route', () => {
    expect(() => table.pathOf('nope')).toThrow(/nope/);
  });

  it('when pathOf is asked for a route with params, then it throws', () => {
    expect(() => table.pathOf('reset-password')).toThrow(/reset-password/);
  });

  it('when the table is built, then it exposes the routes it was given', () => {
    expect(table.routes).toEqual(ROUTES);
  });
});
