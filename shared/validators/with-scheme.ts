/** A bare domain as people type it: `crumbandco.com`, `www.crumbandco.com/menu`. */
const BARE_DOMAIN = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,63}(?::\d{1,5})?(?:[/?#]\S*)?$/i;

/**
 * Adds `https://` to a website typed without a scheme (`crumbandco.com` → `https://crumbandco.com`),
 * so the seed's URL rule (docs/specification.md §5) judges what the person meant. Anything else —
 * a value with a scheme, an empty one, words — is returned trimmed, for the rule to judge as typed.
 */
export function withScheme(value: string): string {
  const trimmed = value.trim();
  return BARE_DOMAIN.test(trimmed) ? `https://${trimmed}` : trimmed;
}
