/**
 * The forms module: each business's answers to the server-driven forms, validated with the same
 * schema the client renders, and their effects on the business (onboarding, compulsory settings).
 */
export { ONBOARDING_FORM_ID } from './form-effects';
export { createFormValidator, type FormValidator } from './form-validator';
export { declaredAnswers } from './declared-answers';
export { formDataOf, readFormData } from './form-data';
export { formsRouter } from './forms.router';
export { saveForm, type FormsDeps } from './forms.service';
export { formsMigrations } from './migrations';
export { savedFormIds } from './saved-forms';
