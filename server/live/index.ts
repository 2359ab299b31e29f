/**
 * The live module (docs/live-updates.md): the business's changes as server-sent events on
 * `GET /api/events`, stored so a reconnect is replayed what it missed, and fanned out to every
 * instance (through Redis with several).
 */
import type { CoreDeps } from '../core/deps';
import { createLocalLiveBus, type LiveBus } from './live-bus';
import { createLiveHub, DEFAULT_LIVE_SETTINGS, type LiveSettings } from './live-hub';
import { liveRouter } from './live.router';
import { subscribeLive } from './live.subscriptions';

export { createLocalLiveBus, createRedisLiveBus, type LiveBus } from './live-bus';
export { DEFAULT_LIVE_SETTINGS, type LiveSettings } from './live-hub';
export { liveMigrations } from './migrations';

/** What the live module needs of auth's session gate: to hear sign-outs, ask whether a stream's session is open, and forget what another instance ended. */
export interface LiveSessions {
  onEnded(listener: (userIds: readonly string[]) => void): void;
  isOpen(session: { userId: string; sessionId: string }): Promise<boolean>;
  forget(): void;
}

/**
 * Wires the live module: stores the events open screens follow, holds this instance's streams,
 * and passes sign-outs between instances so a stream (and any request) of an ended session is
 * refused everywhere at once.
 */
export function createLive(deps: CoreDeps, options: { sessions: LiveSessions; bus?: LiveBus; settings?: Partial<LiveSettings> }) {
  const bus = options.bus ?? createLocalLiveBus();
  // Before the hub hears it: a stream is checked again only once this instance forgot the cached session.
  bus.subscribe((message, remote) => {
    if (message.kind === 'sessions-ended' && remote) options.sessions.forget();
  });
  options.sessions.onEnded((userIds) => bus.publish({ kind: 'sessions-ended', userIds: [...userIds] }));
  const hub = createLiveHub({
    ...deps,
    bus,
    sessionOpen: (session) => options.sessions.isOpen(session),
    settings: { ...DEFAULT_LIVE_SETTINGS, ...options.settings },
  });
  subscribeLive(deps, bus);
  return {
    router: liveRouter(deps, hub),
    /** Streams open on this instance. */
    get streams() {
      return hub.count;
    },
    /** Tells the streams of a business that it has new stored events (as the bus does after a commit). */
    nudge: (vendorId: string) => bus.publish({ kind: 'events', vendorId }),
    /** Ends every stream, telling each to reconnect: the first step of a shutdown. */
    closeStreams: () => hub.closeAll('shutdown'),
    close: () => bus.close(),
  };
}

export type Live = ReturnType<typeof createLive>;
