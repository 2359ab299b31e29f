import { useEffect, useEffectEvent } from 'react';

/** A navigation the guard turned back to the screen the vendor is already on. */
export interface GuardBounce {
  /** The rule that turned it back (a built-in id such as `payment-failed`, or a category rule's). */
  rule: string;
  /** The title of the page the vendor tried to open. */
  attempted: string;
}

type Listener = (bounce: GuardBounce) => void;
const listeners = new Set<Listener>();

/**
 * Tells whoever listens that a click went nowhere: without a word the vendor would think the
 * menu is broken (the guard runs in route loaders, outside React, hence a plain listener set).
 */
export function reportGuardBounce(bounce: GuardBounce): void {
  for (const listener of listeners) listener(bounce);
}

/** Hears every bounce while mounted. */
export function useGuardBounces(onBounce: Listener): void {
  const listener = useEffectEvent(onBounce);
  useEffect(() => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }, []);
}
