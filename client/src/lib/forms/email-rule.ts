import type { FormRule } from 'antd';
import { validateEmail } from '../../../../shared/validators/email';

const EMAIL_REQUIRED = 'Enter your email address';

/** What is wrong with an email field's value, or undefined: required, then the seed's validator ("Invalid email address"). */
export function emailProblem(value: unknown): string | undefined {
  if (typeof value !== 'string' || !value.trim()) return EMAIL_REQUIRED;
  const result = validateEmail(value);
  return result === true ? undefined : result;
}

/**
 * antd rules for an email field: the same checks as `emailProblem`. `required` says what an empty
 * field is missing, in the field's own words (the invitee's address is not "your" address).
 */
export function emailRules(required: string = EMAIL_REQUIRED): FormRule[] {
  return [
    { required: true, message: required },
    {
      validator: async (_rule, value: unknown) => {
        const result = validateEmail(value);
        if (result !== true) throw new Error(result);
      },
    },
  ];
}
