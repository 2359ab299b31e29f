/**
 * Reduces a location to the path the router matches: no query or hash, no trailing slash
 * (except the root), no empty segments.
 */
export function normalizePath(location: string): string {
  const path = location.split(/[?#]/, 1)[0] ?? '';
  const segments = path.split('/').filter((s) => s !== '');
  return `/${segments.join('/')}`;
}
