import { describe, expect, it } from 'vitest';
import { createAbility } from '../../shared/ability/create-ability';
import { rulesForRole } from '../../shared/ability/roles';
import { describeAccess } from '../../client/src/features/access-control/describe-access';

describe('describeAccess', () => {
  it("when the person is a team member, then it says in plain words what they can do and what is the owner's", () => {
    expect(describeAccess(createAbility(rulesForRole('client')))).toEqual({
      owner: false,
      can: 'You can answer quote requests, write to customers, reply to reviews, keep the blackout dates, edit the profile and fill in the business details and settings.',
      ownerOnly: 'Billing, the team and closing the account are for the account owner.',
    });
  });

  it('when the person owns the account, then one sentence says they can do everything', () => {
    const access = describeAccess(createAbility(rulesForRole('admin')));
    expect(access.owner).toBe(true);
    expect(access.can).toBe('You own this account: you can do everything, including billing, the team and closing the account.');
    expect(access.ownerOnly).toBeNull();
  });

  it('when a role has no rules, then nothing is claimed it can do and everything reserved is named', () => {
    expect(describeAccess(createAbility([]))).toEqual({
      owner: false,
      can: null,
      ownerOnly: 'Billing, the team and closing the account are for the account owner.',
    });
  });

  it('when a rule is narrower (one subject only), then only that is listed', () => {
    expect(describeAccess(createAbility([{ action: 'manage', subject: 'Quote' }])).can).toBe('You can answer quote requests.');
  });
});
