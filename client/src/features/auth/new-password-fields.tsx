import { Form, Input } from 'antd';
import { PASSWORD_MIN_LENGTH, validatePasswordLength } from '../../../../shared/validators/password';

/** "New password" and "Confirm password", with the length rule and a match check. */
export function NewPasswordFields({ autoFocus = false }: { autoFocus?: boolean }) {
  return (
    <>
      <Form.Item
        label="New password"
        name="password"
        extra={`At least ${PASSWORD_MIN_LENGTH} characters.`}
        rules={[
          { required: true, message: 'Choose a password' },
          {
            validator: async (_r, value: string | undefined) => {
              const result = validatePasswordLength(value ?? '');
              if (result !== true) throw new Error(result);
            },
          },
        ]}
      >
        <Input.Password autoComplete="new-password" autoFocus={autoFocus} />
      </Form.Item>
      <Form.Item
        label="Confirm password"
        name="confirm"
        dependencies={['password']}
        rules={[
          { required: true, message: 'Type the password again' },
          ({ getFieldValue }) => ({
            validator: async (_r, value: string | undefined) => {
              if (value && value !== getFieldValue('password')) throw new Error('The passwords do not match');
            },
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
