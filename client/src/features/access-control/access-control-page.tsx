import { Descriptions, Empty, List, Tag, Typography } from 'antd';
import { useAppAbility } from '../../lib/ability/ability-context';
import { readVendor } from '../../lib/session/session';

function asList(value: string | string[]): string {
  return Array.isArray(value) ? value.join(', ') : value;
}

/** `/access-control`: the signed-in user's role and what they may and may not do. */
export default function AccessControlPage() {
  const vendor = readVendor();
  const ability = useAppAbility();
  return (
    <section className="page" aria-labelledby="page-title">
      <Typography.Title level={2} id="page-title">
        Your access
      </Typography.Title>
      <Descriptions bordered column={1} items={[{ key: 'role', label: 'Role', children: <Tag color="purple">{vendor?.role ?? 'unknown'}</Tag> }]} />
      <Typography.Title level={4}>Permissions</Typography.Title>
      {ability.rules.length === 0 ? (
        <Empty description="No permissions" />
      ) : (
        <List
          bordered
          dataSource={ability.rules}
          renderItem={(rule) => (
            <List.Item>
              <Tag color={rule.inverted ? 'red' : 'green'}>{rule.inverted ? 'cannot' : 'can'}</Tag>
              {asList(rule.action)} {asList(rule.subject as string | string[])}
              {rule.fields ? ` (fields: ${asList(rule.fields)})` : ''}
            </List.Item>
          )}
        />
      )}
    </section>
  );
}
