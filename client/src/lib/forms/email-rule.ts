import type { FormRule } from 'antd';
import { validateEmail } from '../../../../shared/validators/email';

const EMAIL_REQUIRED = 'Enter your email address';

/** What is wrong with an email field's value, or undefined: required, then the seed's validator ("Invalid email address"). */
export function emailProblem(value: unknown): string | undefined {
  if (typeof value !== 'string' || !value.trim()) return EMAIL_REQUIRED;
  const result = validateEmail(value);
  return result === true ? undefined : result;
}

/** antd rules for an email field: the same checks as `emailProblem`. */
export const emailRules: FormRule[] = [
  { required: true, message: EMAIL_REQUIRED },
  {
    validator: async (_rule, value: unknown) => {
      const result = validateEmail(value);
      if (result !== true) throw new Error(result);
    },
  },
];
