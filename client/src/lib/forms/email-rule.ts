import type { FormRule } from 'antd';
import { validateEmail } from '../../../../shared/validators/email';

/** antd rules for an email field: required, then the seed's validator ("Invalid email address"). */
export const emailRules: FormRule[] = [
  { required: true, message: 'Enter your email address' },
  {
    validator: async (_rule, value: unknown) => {
      const result = validateEmail(value);
      if (result !== true) throw new Error(result);
    },
  },
];
