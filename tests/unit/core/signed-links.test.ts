import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSignedLinks } from '../../../server/core/signed-links';

describe('signed links', () => {
  const links = createSignedLinks(randomBytes(32));
  const id = '6f1c2b9e-1d2a-4f6b-9c0d-8a7b6c5d4e3f';

  it('when a token is verified for its purpose, then it gives back its id', () => {
    expect(links.verify('request', links.sign('request', id))).toBe(id);
  });

  it('when a token is changed by one character, made for another purpose or by another server, then it is no link', () => {
    const token = links.sign('request', id);
    const last = token.at(-1) === 'A' ? 'B' : 'A';
    expect(links.verify('request', `${token.slice(0, -1)}${last}`)).toBeNull();
    expect(links.verify('request', token.replace(id.slice(0, 4), '0000'))).toBeNull();
    expect(links.verify('calendar', token)).toBeNull();
    expect(createSignedLinks(randomBytes(32)).verify('request', token)).toBeNull();
  });

  it('when the token is garbage, then it is no link and nothing throws', () => {
    for (const token of ['', '.', 'abc', '.abc', 'a/b.c', 'x'.repeat(500), `${id}.`]) expect(links.verify('request', token)).toBeNull();
  });
});
