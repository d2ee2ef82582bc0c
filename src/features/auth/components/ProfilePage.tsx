import { MESSAGES } from "@contract/messages";
import { useQuery } from "@tanstack/react-query";
import { Link, useNavigate } from "react-router";
import { Icon, type IconName } from "@/components/Icon";
import { PageHeader } from "@/components/PageHeader";
import { ReadyTextForm } from "@/components/ReadyTextForm";
import { profileQuery } from "../api/profile-query";
import { useAuth } from "../hooks/auth-context";
import { DeleteAccount } from "./DeleteAccount";

const DISABLED_ENTRIES: { label: string; icon: IconName }[] = [
  { label: "Payment Methods", icon: "card" },
  { label: "Delivery Addresses", icon: "mapPin" },
  { label: "Settings", icon: "settings" },
];

export default function ProfilePage() {
  const { user, logout } = useAuth();
  const navigate = useNavigate();
  const profile = useQuery({ ...profileQuery(user?.id ?? 0), enabled: user !== null });

  if (!user) {
    return (
      <div className="empty-state">
        <p>Please log in to view your profile</p>
        <Link className="btn btn--primary" to="/login">
          <span>Go to Login</span>
        </Link>
      </div>
    );
  }

  const details = profile.data ?? { ...user, phone: null };
  const roleLabel = details.role === "staff" ? "Park Staff" : "Customer";
  const initials = details.name
    .split(/\s+/)
    .map((part) => part[0])
    .join("")
    .slice(0, 2)
    .toUpperCase();

  return (
    <div className="page">
      <PageHeader title="Profile" backTo="/" />
      <section className="profile-card" aria-labelledby="profile-name">
        <div className="avatar" aria-hidden="true">
          {initials}
        </div>
        <div>
          <h2 id="profile-name">{details.name}</h2>
          <span className="badge badge--primary">{roleLabel}</span>
        </div>
      </section>
      {profile.isError && !profile.data && (
        <div className="error-box profile-error" role="alert">
          <span>{MESSAGES.profileFailed}</span>
          <button
            type="button"
            className="btn btn--secondary btn--small"
            onClick={() => void profile.refetch()}
            disabled={profile.isFetching}
          >
            Try again
          </button>
        </div>
      )}
      <dl className="detail-list">
        <div>
          <dt>Email</dt>
          <dd>{details.email || "Not provided"}</dd>
        </div>
        <div>
          <dt>Phone</dt>
          <dd>{details.phone || "Not provided"}</dd>
        </div>
      </dl>
      {details.role !== "staff" && <ReadyTextForm />}
      <ul className="menu-list">
        <li>
          <Link to="/orders" className="menu-list__item">
            <Icon name="receipt" />
            <span>My Orders</span>
            <Icon name="chevronRight" className="menu-list__chevron" />
          </Link>
        </li>
        {details.role === "staff" && (
          <li>
            <Link to="/staff" className="menu-list__item">
              <Icon name="utensils" />
              <span>Staff board</span>
              <Icon name="chevronRight" className="menu-list__chevron" />
            </Link>
          </li>
        )}
        {DISABLED_ENTRIES.map((entry) => (
          <li key={entry.label}>
            <button
              type="button"
              className="menu-list__item"
              disabled
              aria-describedby="profile-soon"
            >
              <Icon name={entry.icon} />
              <span>{entry.label}</span>
              <small className="menu-list__soon">Coming soon</small>
            </button>
          </li>
        ))}
      </ul>
      <span id="profile-soon" className="visually-hidden">
        Not available yet
      </span>
      <button
        type="button"
        className="btn btn--secondary btn--block"
        onClick={() => {
          logout();
          navigate("/login", { replace: true });
        }}
      >
        <Icon name="logout" />
        <span>Sign Out</span>
      </button>
      {details.role === "customer" && (
        <DeleteAccount
          onDeleted={() => {
            logout();
            navigate("/login", { replace: true });
          }}
        />
      )}
    </div>
  );
}
