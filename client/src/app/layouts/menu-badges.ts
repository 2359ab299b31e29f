import { createContext, useContext } from 'react';
import type { MenuBadgeSource } from '../../../../shared/contracts/app-config';

/**
 * Counts for the menu's badges, provided by the features that own them (new matches by the
 * quotes feature, unread messages by messaging). A source without a provider shows no badge.
 */
export const MenuBadgeContext = createContext<Partial<Record<MenuBadgeSource, number>>>({});

export function useMenuBadges(): Partial<Record<MenuBadgeSource, number>> {
  return useContext(MenuBadgeContext);
}
