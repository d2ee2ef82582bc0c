import { PASSWORD_MIN_LENGTH } from "@contract/limits";
import { MESSAGES } from "@contract/messages";

export interface SignupForm {
  name: string;
  email: string;
  password: string;
  confirmPassword: string;
  acceptedTerms: boolean;
}

/** The product spec (docs/product-spec.md § Validation rules), checked in this order; null when the form may be sent. */
export function validateSignup(form: SignupForm): string | null {
  if (!form.name.trim() || !form.email.trim() || !form.password || !form.confirmPassword) {
    return MESSAGES.signupAllRequired;
  }
  if (form.password !== form.confirmPassword) return MESSAGES.signupPasswordsMismatch;
  if (form.password.length < PASSWORD_MIN_LENGTH) return MESSAGES.signupPasswordTooShort;
  if (!form.acceptedTerms) return MESSAGES.signupTermsRequired;
  return null;
}
