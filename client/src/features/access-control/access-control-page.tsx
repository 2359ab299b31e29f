import { Card, Descriptions, Tag, Typography } from 'antd';
import { ROLES } from '../../../../shared/ability/roles';
import { PageFrame } from '../../components/page-frame';
import { useAppAbility } from '../../lib/ability/ability-context';
import { useSessionVendor } from '../../lib/session/use-session';
import { describeAccess } from './describe-access';

const ROLE_NAMES: Record<string, string> = { [ROLES.owner]: 'Account owner', [ROLES.teamMember]: 'Team member' };

/** `/access-control`: who the signed-in person is to the business and, in plain words, what they may do. */
export default function AccessControlPage() {
  const vendor = useSessionVendor();
  const ability = useAppAbility();
  const access = describeAccess(ability);
  const role = vendor?.role ?? '';
  const business = typeof vendor?.business_name === 'string' ? vendor.business_name : null;
  return (
    <PageFrame title="Your access">
      <Descriptions
        bordered
        column={1}
        items={[
          ...(business ? [{ key: 'business', label: 'Business', children: business }] : []),
          { key: 'role', label: 'Role', children: <Tag color="purple">{ROLE_NAMES[role] ?? 'No role'}</Tag> },
        ]}
      />
      <Card className="access-control__summary">
        {access.can ? (
          <Typography.Paragraph>{access.can}</Typography.Paragraph>
        ) : (
          <Typography.Paragraph>You cannot change anything in this business yet. Ask the account owner for access.</Typography.Paragraph>
        )}
        {access.ownerOnly && <Typography.Paragraph type="secondary">{access.ownerOnly}</Typography.Paragraph>}
      </Card>
    </PageFrame>
  );
}
