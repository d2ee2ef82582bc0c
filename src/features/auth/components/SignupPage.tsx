import { MESSAGES } from "@contract/messages";
import { type FormEvent, useState } from "react";
import { Link, useNavigate } from "react-router";
import { Button } from "@/components/Button";
import { TextField } from "@/components/TextField";
import { useAuth } from "../hooks/auth-context";
import { type SignupForm, validateSignup } from "../lib/signup-validation";
import { AuthCard, ErrorBox } from "./AuthCard";

const EMPTY: SignupForm = {
  name: "",
  email: "",
  password: "",
  confirmPassword: "",
  acceptedTerms: false,
};

export default function SignupPage() {
  const { register } = useAuth();
  const navigate = useNavigate();
  const [form, setForm] = useState<SignupForm>(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const set = <K extends keyof SignupForm>(key: K, value: SignupForm[K]) =>
    setForm((previous) => ({ ...previous, [key]: value }));

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = validateSignup(form);
    setError(problem);
    if (problem) return;
    setSubmitting(true);
    try {
      await register({ name: form.name.trim(), email: form.email.trim(), password: form.password });
      navigate("/", { replace: true });
    } catch (caught) {
      setError(
        caught instanceof Error && caught.message
          ? caught.message
          : MESSAGES.registrationFailedScreen,
      );
      setSubmitting(false);
    }
  }

  return (
    <AuthCard
      title="Create your account"
      subtitle="Order from every trailer in the park in a few taps"
    >
      <form className="form" onSubmit={onSubmit} noValidate>
        <ErrorBox message={error} />
        <TextField
          id="signup-name"
          label="Full Name"
          autoComplete="name"
          value={form.name}
          onChange={(e) => set("name", e.target.value)}
        />
        <TextField
          id="signup-email"
          label="Email Address"
          type="email"
          autoComplete="email"
          value={form.email}
          onChange={(e) => set("email", e.target.value)}
        />
        <TextField
          id="signup-password"
          label="Password"
          hint="At least 8 characters"
          type="password"
          autoComplete="new-password"
          value={form.password}
          onChange={(e) => set("password", e.target.value)}
        />
        <TextField
          id="signup-confirm"
          label="Confirm Password"
          type="password"
          autoComplete="new-password"
          value={form.confirmPassword}
          onChange={(e) => set("confirmPassword", e.target.value)}
        />
        <label className="checkbox">
          <input
            type="checkbox"
            checked={form.acceptedTerms}
            onChange={(e) => set("acceptedTerms", e.target.checked)}
          />
          <span>I accept the terms and conditions</span>
        </label>
        <Button type="submit" block disabled={submitting}>
          {submitting ? "Creating Account..." : "Create Account"}
        </Button>
      </form>
      <p className="auth-card__switch">
        <Link to="/login">Already have an account? Sign in</Link>
      </p>
    </AuthCard>
  );
}
