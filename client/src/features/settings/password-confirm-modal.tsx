import { Alert, Form, Input, Modal, type FormInstance } from 'antd';
import { useState, type ReactNode } from 'react';
import { applyServerErrors } from '../../lib/forms/server-errors';

interface Props<Values extends { password: string }> {
  open: boolean;
  title: string;
  okText: string;
  /** The form's name (for its field ids) and instance; the password field is added last. */
  name: string;
  form: FormInstance<Values>;
  okDisabled?: boolean;
  /** Runs the confirmed action; a thrown problem is shown on its fields, or above the form. */
  onConfirm: (values: Values) => Promise<void>;
  onClose: () => void;
  /** Text and fields before the password. */
  children?: ReactNode;
}

/** A destructive action confirmed with the user's password (delete the account, leave the team). */
export function PasswordConfirmModal<Values extends { password: string }>({
  open,
  title,
  okText,
  name,
  form,
  okDisabled,
  onConfirm,
  onClose,
  children,
}: Props<Values>) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const close = () => {
    setError(null);
    form.resetFields();
    onClose();
  };

  const onFinish = async (values: Values) => {
    setError(null);
    setBusy(true);
    try {
      await onConfirm(values);
    } catch (e) {
      setError(applyServerErrors(form, e, Object.keys(values)));
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      okButtonProps={{ danger: true, disabled: okDisabled, loading: busy }}
      cancelButtonProps={{ disabled: busy }}
      onOk={() => form.submit()}
      onCancel={close}
      closable={!busy}
      maskClosable={!busy}
      destroyOnHidden
    >
      {error && <Alert type="error" showIcon title={error} role="alert" className="settings-card__alert" />}
      <Form<Values> form={form} layout="vertical" requiredMark={false} onFinish={(v) => void onFinish(v)} disabled={busy} name={name}>
        {children}
        <Form.Item label="Password" name="password" rules={[{ required: true, message: 'Enter your password' }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
