import type { ReactNode } from "react";
import { BrandLogo } from "@/components/BrandLogo";
import { brand } from "@/lib/brand";

export function AuthCard({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
}) {
  return (
    <div className="auth-page">
      <div className="auth-hero" aria-hidden="true">
        <BrandLogo size={72} />
      </div>
      <div className="auth-card">
        <p className="auth-card__brand">{brand.appName}</p>
        <h1>{title}</h1>
        {subtitle && <p className="auth-card__subtitle">{subtitle}</p>}
        {children}
      </div>
    </div>
  );
}

export function ErrorBox({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <div className="error-box" role="alert">
      {message}
    </div>
  );
}
