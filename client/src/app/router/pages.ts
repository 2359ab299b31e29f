import { lazyPage, type LazyPage } from './lazy-page';

type Loader = () => Promise<{ default: React.ComponentType }>;

/** Client pages by the `page` key of a route; routes whose feature is not built yet share one. */
const loaders: Record<string, Loader> = {
  dashboard: () => import('../pages/dashboard-page'),
  'error-404': () => import('../../features/errors/not-found-page'),
  'not-authorized': () => import('../../features/errors/not-authorized-page'),
  'access-control': () => import('../../features/access-control/access-control-page'),
  login: () => import('../../features/auth/login-page'),
  register: () => import('../../features/auth/register-page'),
  'register-with-token': () => import('../../features/auth/register-with-token-page'),
  'forgot-password': () => import('../../features/auth/forgot-password-page'),
  'reset-password': () => import('../../features/auth/reset-password-page'),
  settings: () => import('../../features/settings/settings-page'),
  'confirm-email': () => import('../../features/settings/confirm-email-page'),
  'verify-email': () => import('../../features/settings/verify-email-page'),
  'new-user-step-1': () => import('../../features/forms/onboarding-page'),
  'category-settings': () => import('../../features/forms/form-screen-page'),
  'auto-response': () => import('../../features/forms/auto-response-page'),
  'business-details': () => import('../../features/forms/business-details-page'),
  'all-forms': () => import('../../features/forms/all-forms-page'),
  'edit-profile': () => import('../../features/profile/edit-profile-page'),
  'category-profile': () => import('../../features/profile/category-profile-page'),
  'request-quotes': () => import('../../features/customer/request-quotes-page'),
  'customer-request': () => import('../../features/customer/customer-request-page'),
  'vendor-profile': () => import('../../features/public/vendor-profile-page'),
  vendors: () => import('../../features/public/directory-page'),
  'blackout-dates': () => import('../../features/availability/blackout-dates-page'),
  'potential-matches': () => import('../../features/quotes/quote-list-page'),
  'submitted-quotes': () => import('../../features/quotes/quote-list-page'),
  'accepted-quotes': () => import('../../features/quotes/quote-list-page'),
  'completed-quotes': () => import('../../features/quotes/quote-list-page'),
  'rejected-quotes': () => import('../../features/quotes/quote-list-page'),
  'closed-matches': () => import('../../features/quotes/quote-list-page'),
  'quote-detail': () => import('../../features/quotes/quote-detail-page'),
  messages: () => import('../../features/messages/messages-page'),
  reviews: () => import('../../features/reviews/reviews-page'),
  contact: () => import('../../features/contact/contact-page'),
  'activate-subscription': () => import('../../features/billing/activate-subscription-page'),
  'change-plan': () => import('../../features/billing/change-plan-page'),
  'buy-more-credits': () => import('../../features/billing/buy-credits-page'),
  'update-payment-method': () => import('../../features/billing/update-payment-method-page'),
  billing: () => import('../../features/billing/billing-page'),
  'billing-receipt': () => import('../../features/billing/receipt-page'),
};

const comingSoon: Loader = () => import('../../features/placeholder/coming-soon-page');

/**
 * Starts downloading a page's chunk before the config and the router are ready, for the page a
 * visit most likely opens with (the browser fetches a module once, so the router reuses it).
 */
export function prefetchPage(page: string): void {
  void loaders[page]?.().catch(() => undefined);
}

/** Builds the page lookup once per app start, with the configured chunk timeout. */
export function createPageRegistry(timeoutMs: number): (page: string) => LazyPage {
  const pages = new Map<string, LazyPage>();
  return (page) => {
    let entry = pages.get(page);
    if (!entry) {
      entry = lazyPage(page, loaders[page] ?? comingSoon, timeoutMs);
      pages.set(page, entry);
    }
    return entry;
  };
}
