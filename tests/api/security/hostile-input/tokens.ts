import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import type { TokenConfig } from '../../../../server/auth/tokens';
import { createSignedLinks } from '../../../../server/core/signed-links';
import { b64url } from '../../../support/api/http';
import type { World } from './world';

/** A value of a header or a token with what it is, for the report. */
export interface Labelled {
  label: string;
  value: string;
}

/** `token` with its last character changed (a signature off by one). */
export function flipLast(token: string): string {
  const last = token.slice(-1);
  return `${token.slice(0, -1)}${last === 'A' ? 'B' : 'A'}`;
}

function claimsOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
}

/**
 * Authorization headers a client should never get past the sign-in check with: a changed
 * signature, `alg: none`, an expired token, another key's, another audience's, a session that
 * does not exist, claims of the wrong types, a refresh token, garbage. The ones signed with the
 * server's key stand for a token the server once issued (expired) or for its checks after the
 * signature (a session ended, claims it never writes).
 */
export async function tamperedBearers(tokens: TokenConfig, world: World): Promise<Labelled[]> {
  const good = world.owner.accessToken;
  const claims = claimsOf(good);
  const now = Math.floor(Date.now() / 1000);
  const sign = (payload: Record<string, unknown>, options: { key?: Uint8Array; audience?: string; iat?: number; exp?: number; typ?: string } = {}) =>
    new SignJWT(payload)
      .setProtectedHeader({ alg: 'HS256', typ: options.typ ?? 'at+jwt' })
      .setIssuer(tokens.issuer)
      .setAudience(options.audience ?? tokens.audience)
      .setIssuedAt(options.iat ?? now)
      .setExpirationTime(options.exp ?? now + 600)
      .sign(options.key ?? tokens.secret);
  const base = { sub: claims.sub, vid: claims.vid, role: claims.role, sid: claims.sid };
  return [
    { label: 'garbage', value: 'Bearer not-a-token' },
    { label: 'empty bearer', value: 'Bearer ' },
    { label: 'basic scheme', value: 'Basic dXNlcjpwYXNzd29yZA==' },
    { label: 'bad signature', value: `Bearer ${flipLast(good)}` },
    { label: 'alg none', value: `Bearer ${b64url({ alg: 'none', typ: 'at+jwt' })}.${good.split('.')[1]}.` },
    { label: 'expired', value: `Bearer ${await sign(base, { iat: now - 7200, exp: now - 3600 })}` },
    { label: 'another key', value: `Bearer ${await sign(base, { key: new Uint8Array(32).fill(7) })}` },
    { label: 'another audience', value: `Bearer ${await sign(base, { audience: 'someone-else' })}` },
    { label: 'no typ', value: `Bearer ${await sign(base, { typ: 'JWT' })}` },
    { label: 'unknown session', value: `Bearer ${await sign({ ...base, sid: randomUUID() })}` },
    { label: 'claims of wrong types', value: `Bearer ${await sign({ sub: 42, vid: ['x'], role: { admin: true }, sid: null })}` },
    { label: 'refresh token as bearer', value: `Bearer ${world.owner.refreshToken}` },
    { label: 'token with trailing junk', value: `Bearer ${good} extra` },
    { label: 'huge token', value: `Bearer ${'A'.repeat(12_000)}` },
  ];
}

/** `token` changed as someone probing a link would change it: a character, a part, its length, its purpose. */
function tamperedVersionsOf(token: string, label: string): Labelled[] {
  const dot = token.lastIndexOf('.');
  const id = dot > 0 ? token.slice(0, dot) : token;
  const signature = dot > 0 ? token.slice(dot + 1) : '';
  return [
    { label: `${label}: last character changed`, value: flipLast(token) },
    { label: `${label}: first character changed`, value: `${token[0] === 'a' ? 'b' : 'a'}${token.slice(1)}` },
    { label: `${label}: signature dropped`, value: id },
    { label: `${label}: id dropped`, value: `.${signature}` },
    { label: `${label}: extra part`, value: `${token}.x` },
    { label: `${label}: truncated`, value: token.slice(0, Math.max(1, Math.floor(token.length / 2))) },
    { label: `${label}: upper-cased`, value: token.toUpperCase() },
    { label: `${label}: doubled`, value: `${token}${token}` },
    { label: `${label}: 400 characters`, value: `${id}${'a'.repeat(400)}.${signature}` },
  ];
}

/**
 * Signed links and opaque tokens changed or misused: the couple's request link changed, another
 * request's id under its signature, a link made for another purpose (the calendar feed's), links
 * signed with the server's key for requests that do not exist, the invitation token changed.
 */
export function tamperedLinks(tokens: TokenConfig, world: World): Labelled[] {
  const links = createSignedLinks(tokens.secret);
  const [, quotedSignature] = world.quoted.token.split('.');
  const [completedId] = world.completed.token.split('.');
  return [
    ...tamperedVersionsOf(world.quoted.token, 'request link'),
    { label: 'request link: another request’s id under this signature', value: `${completedId}.${quotedSignature}` },
    { label: 'request link: the calendar feed’s link instead', value: world.calendarFile.replace(/\.ics$/, '') },
    { label: 'request link: signed for a request that does not exist', value: links.sign('request', randomUUID()) },
    { label: 'request link: signed for the id 0', value: links.sign('request', '0') },
    { label: 'request link: signed for a 200-character id', value: links.sign('request', 'r'.repeat(200)) },
    ...tamperedVersionsOf(world.invitation.token, 'invitation token').slice(0, 4),
    ...tamperedVersionsOf(world.calendarFile.replace(/\.ics$/, ''), 'calendar feed')
      .slice(0, 3)
      .map((link) => ({ ...link, value: `${link.value}.ics` })),
  ];
}
