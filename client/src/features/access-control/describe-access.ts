import type { AppAbility } from '../../../../shared/ability/create-ability';

/** What a person may do, checked one by one against their ability, in the words of the product. */
const CAPABILITIES = [
  { action: 'manage', subject: 'Quote', can: 'answer quote requests' },
  { action: 'manage', subject: 'Message', can: 'write to customers' },
  { action: 'manage', subject: 'Review', can: 'reply to reviews' },
  { action: 'manage', subject: 'Availability', can: 'keep the blackout dates' },
  { action: 'update', subject: 'Profile', can: 'edit the profile' },
  { action: 'update', subject: 'Form', can: 'fill in the business details and settings' },
] as const;

/** What only some roles may do, named for the sentence that says who does it. */
const RESERVED = [
  { action: 'manage', subject: 'Billing', name: 'billing' },
  { action: 'create', subject: 'Invitation', name: 'the team' },
  { action: 'delete', subject: 'Account', name: 'closing the account' },
] as const;

/** "a, b and c". */
function listOf(items: readonly string[]): string {
  return items.length > 1 ? `${items.slice(0, -1).join(', ')} and ${items.at(-1)}` : (items[0] ?? '');
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * The signed-in person's access as sentences a person would write ("You can answer quote
 * requests, …; billing and the team are for the account owner."), from the same ability the
 * server enforces. An owner, who may do everything, is told so in one sentence.
 */
export function describeAccess(ability: AppAbility): { can: string | null; ownerOnly: string | null; owner: boolean } {
  const owner = ability.can('manage', 'all');
  if (owner) return { owner, can: 'You own this account: you can do everything, including billing, the team and closing the account.', ownerOnly: null };
  const allowed = CAPABILITIES.filter((c) => ability.can(c.action, c.subject)).map((c) => c.can);
  const reserved = RESERVED.filter((r) => ability.cannot(r.action, r.subject)).map((r) => r.name);
  return {
    owner,
    can: allowed.length > 0 ? `You can ${listOf(allowed)}.` : null,
    ownerOnly: reserved.length > 0 ? `${capitalise(listOf(reserved))} ${reserved.length > 1 ? 'are' : 'is'} for the account owner.` : null,
  };
}
