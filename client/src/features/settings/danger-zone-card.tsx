import { Button, Card, Form, Input, Typography, theme } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { GUARD_ROUTES } from '../../../../shared/guard/rule-ids';
import { usePathOf } from '../../lib/router/use-path-of';
import { useSessionVendor } from '../../lib/session/use-session';
import { useToast } from '../../lib/toast/toast';
import { useDeleteAccount } from './api/delete-account';
import { PasswordConfirmModal } from './password-confirm-modal';

interface Values {
  confirmation: string;
  password: string;
}

/** Deleting the account (owners only): a modal that wants the business name typed and the password. */
export function DangerZoneCard() {
  const message = useToast();
  const navigate = useNavigate();
  const pathOf = usePathOf();
  const deletion = useDeleteAccount();
  const { token } = theme.useToken();
  const vendor = useSessionVendor();
  const [form] = Form.useForm<Values>();
  const [open, setOpen] = useState(false);
  const businessName = typeof vendor?.business_name === 'string' ? vendor.business_name : '';
  const typed = Form.useWatch('confirmation', form) ?? '';
  const matches = typed.trim() === businessName.trim() && businessName !== '';

  const onConfirm = async (values: Values) => {
    await deletion.mutateAsync(values);
    void message.success('Your account has been deleted. We are sorry to see you go.');
    await navigate(pathOf(GUARD_ROUTES.login), { replace: true });
  };

  return (
    <Card title="Danger zone" className="settings-card" style={{ borderColor: token.colorErrorBorder }} styles={{ title: { color: token.colorError } }}>
      <Typography.Paragraph>
        Deleting the account removes {businessName ? <Typography.Text strong>{businessName}</Typography.Text> : 'your business'}, its team members, quotes,
        forms and settings for good. It cannot be undone.
      </Typography.Paragraph>
      <Button danger onClick={() => setOpen(true)}>
        Delete account
      </Button>
      <PasswordConfirmModal<Values>
        open={open}
        title="Delete this account?"
        okText="Delete account for good"
        name="delete-account"
        form={form}
        okDisabled={!matches}
        onConfirm={onConfirm}
        onClose={() => setOpen(false)}
      >
        <Typography.Paragraph>
          This deletes <Typography.Text strong>{businessName}</Typography.Text> and everything in it, and signs out every member of your team.
        </Typography.Paragraph>
        <Form.Item
          label={
            <span>
              Type <Typography.Text strong>{businessName}</Typography.Text> to confirm
            </span>
          }
          name="confirmation"
          rules={[
            { required: true, message: 'Type your business name' },
            {
              validator: async (_r, value: string | undefined) => {
                if (value && value.trim() !== businessName.trim()) throw new Error(`Type ${businessName} exactly as shown`);
              },
            },
          ]}
        >
          <Input autoComplete="off" spellCheck={false} />
        </Form.Item>
      </PasswordConfirmModal>
    </Card>
  );
}
