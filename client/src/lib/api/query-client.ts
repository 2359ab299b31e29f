import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import type { GuardSession } from '../../../../shared/guard/evaluate-guard';
import { readSession, subscribeSession } from '../session/session';
import { ResponseShapeError } from './response-shape-error';

/** Whose answers the cache holds: the signed-in user's id, or null when signed out. */
function ownerOf(session: GuardSession): string | null {
  return session.hasToken && session.vendor ? String(session.vendor.id ?? '') : null;
}

// A contract mismatch is a bug to fix, not a network hiccup: say so where developers look.
function reportShapeError(error: unknown): void {
  if (error instanceof ResponseShapeError) console.error(error);
}

/**
 * A query client with the app's defaults: no automatic retries and no refetch when the window
 * regains focus (screens load once when they open, as they did before the cache; live events
 * will invalidate what changed).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: reportShapeError }),
    mutationCache: new MutationCache({ onError: reportShapeError }),
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

let appClient: QueryClient | null = null;

/**
 * The app's one query client, made when the first layout that reads server state loads (never on
 * the sign-in page). When another account signs in (here, or in another tab) the cache is emptied
 * first, so nothing of one account shows to the next. Signing out keeps it: no signed-in screen
 * can open until someone signs in, and emptying it under the screens still mounted would only
 * make them fetch again without a session.
 */
export function appQueryClient(): QueryClient {
  if (appClient) return appClient;
  const client = createQueryClient();
  let owner = ownerOf(readSession());
  subscribeSession(() => {
    const next = ownerOf(readSession());
    if (next === null || next === owner) return;
    if (owner !== null) client.clear();
    owner = next;
  });
  appClient = client;
  return client;
}
