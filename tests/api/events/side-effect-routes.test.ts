import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as notifications from '../../../server/notifications';
import { createTestContext, type TestContext } from '../../support/api/test-app';

const SERVER = fileURLToPath(new URL('../../../server/', import.meta.url));

/** Every event a module declares in its `<module>.events.ts`, by name. */
function declaredEvents(): string[] {
  const names: string[] = [];
  for (const module of readdirSync(SERVER, { withFileTypes: true }).filter((entry) => entry.isDirectory() && entry.name !== 'core')) {
    const file = `${SERVER}${module.name}/${module.name}.events.ts`;
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    for (const match of text.matchAll(/^ {4}'([a-z]+\.[a-z-]+)':/gm)) names.push(match[1]!);
  }
  return names.sort();
}

/** Published events with no subscriber yet, each with the consumer that will read it. */
const HEARD_ELSEWHERE: Record<string, string> = {};

/** Issue 21: one route for side effects. */
describe('where side effects go', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext();
  });

  afterAll(async () => {
    await ctx?.close();
  });

  it('when the app is built, then every event a module declares has a subscriber, or a named consumer outside the server', () => {
    const declared = declaredEvents();
    expect(declared.length).toBeGreaterThan(10);
    const heard = new Set<string>(ctx.deps.events.subscribed());
    const unheard = declared.filter((name) => !heard.has(name));
    expect(unheard).toEqual(Object.keys(HEARD_ELSEWHERE).sort());
  });

  it('when the notifications module is imported, then it offers no template: mail is rendered only by its subscriptions, or queued through its secret-link functions', () => {
    expect(Object.keys(notifications).sort()).toEqual([
      'mailEmailChangeLink',
      'mailInvitationLink',
      'mailPasswordResetLink',
      'mailVerificationLink',
      'subscribeNotifications',
    ]);
  });

  it('when a module outside notifications and core queues mail, then it does so through a secret-link function, never deps.mail.send', () => {
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = `${dir}${entry.name}`;
        if (entry.isDirectory()) {
          if (!['core', 'notifications'].includes(entry.name)) walk(`${path}/`);
        } else if (entry.name.endsWith('.ts') && /\bmail\.send\(/.test(readFileSync(path, 'utf8'))) {
          offenders.push(path.slice(SERVER.length));
        }
      }
    };
    walk(SERVER);
    expect(offenders).toEqual([]);
  });
});
