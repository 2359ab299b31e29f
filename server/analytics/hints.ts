import type { AnalyticsHint } from '../../shared/contracts/analytics';
import { COMPLETE_GALLERY, type SetupState } from './setup-state';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** "and"-joined list: `a`, `a and b`, `a, b and c`. */
function listed(parts: readonly string[]): string {
  return parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

/**
 * "What to do next" (docs/marketplace.md, Analytics): unanswered potential matches first (they cost
 * bookings today), then each category's missing settings, the listing's missing pieces and the
 * categories without an auto-response. Empty when there is nothing to do.
 */
export function analyticsHints(state: SetupState, unanswered: number): AnalyticsHint[] {
  const hints: AnalyticsHint[] = [];
  if (unanswered > 0) {
    hints.push({
      id: 'unanswered-matches',
      text: `Answer your ${plural(unanswered, 'potential match', 'potential matches')}: couples book the vendors who reply first.`,
      path: state.paths.potentialMatches,
    });
  }
  for (const category of state.categories) {
    if (category.settings && !category.settings.saved) {
      hints.push({
        id: `settings-${category.id}`,
        text: `Save your ${category.label} settings so we send you requests that fit.`,
        path: category.settings.path,
      });
    }
  }
  const missing = [
    ...(state.profile.hasLogo ? [] : ['a logo']),
    ...(state.profile.photos >= COMPLETE_GALLERY ? [] : [plural(COMPLETE_GALLERY - state.profile.photos, 'more photo', 'more photos')]),
    ...(state.profile.hasAbout ? [] : ['an about text']),
  ];
  if (missing.length > 0)
    hints.push({ id: 'profile', text: `Add ${listed(missing)} to your profile: complete profiles get more requests.`, path: state.paths.editProfile });
  for (const category of state.categories) {
    if (!category.autoResponse.saved) {
      hints.push({
        id: `auto-response-${category.id}`,
        text: `Set up a ${category.label} auto-response so couples hear from you at once.`,
        path: category.autoResponse.path,
      });
    }
  }
  return hints;
}
