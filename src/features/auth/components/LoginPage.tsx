import { MESSAGES } from "@contract/messages";
import { type FormEvent, useState } from "react";
import { Link, useNavigate } from "react-router";
import { Button } from "@/components/Button";
import { TextField } from "@/components/TextField";
import { useAuth } from "../hooks/auth-context";
import { AuthCard, ErrorBox } from "./AuthCard";

export default function LoginPage() {
  const { status, user, login, logout } = useAuth();
  const navigate = useNavigate();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  if (status === "signed-in" && user) {
    return (
      <AuthCard title="Welcome Back!">
        <p className="auth-card__who">
          <strong>{user.name}</strong>
          <br />
          {user.email}
        </p>
        <Button block onClick={() => navigate("/", { replace: true })}>
          Continue to App
        </Button>
        <Button
          block
          variant="secondary"
          onClick={() => {
            logout();
            navigate("/login", { replace: true });
          }}
        >
          Sign Out
        </Button>
      </AuthCard>
    );
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    setSubmitting(true);
    try {
      await login({ email: email.trim(), password });
      navigate("/", { replace: true });
    } catch (caught) {
      setError(
        caught instanceof Error && caught.message ? caught.message : MESSAGES.loginFailedScreen,
      );
      setSubmitting(false);
    }
  }

  return (
    <AuthCard title="Welcome Back" subtitle="Sign in to your account to continue">
      <form className="form" onSubmit={onSubmit} noValidate={false}>
        <ErrorBox message={error} />
        <TextField
          id="login-email"
          label="Email Address"
          name="email"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <TextField
          id="login-password"
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <Button type="submit" block disabled={submitting}>
          {submitting ? "Signing In..." : "Sign In"}
        </Button>
      </form>
      <p className="auth-card__switch">
        <Link to="/signup">Don't have an account? Sign up</Link>
      </p>
    </AuthCard>
  );
}
