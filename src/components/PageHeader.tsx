import type { ReactNode } from "react";
import { useNavigate } from "react-router";
import { Icon } from "./Icon";

export interface PageHeaderProps {
  title: ReactNode;
  /** Where back goes; default: one page back. `false` hides the button. */
  backTo?: string | false;
  onClearCart?: () => void;
  clearCartLabel?: string;
  actions?: ReactNode;
}

export function PageHeader({
  title,
  backTo,
  onClearCart,
  clearCartLabel = "Clear cart",
  actions,
}: PageHeaderProps) {
  const navigate = useNavigate();
  const goBack = () => (typeof backTo === "string" ? navigate(backTo) : navigate(-1));
  return (
    <header className="page-header">
      {backTo !== false && (
        <button type="button" className="icon-btn" onClick={goBack} aria-label="Back">
          <Icon name="back" />
        </button>
      )}
      <div className="page-header__title">
        {typeof title === "string" ? <h1>{title}</h1> : title}
      </div>
      <div className="page-header__actions">
        {actions}
        {onClearCart && (
          <button
            type="button"
            className="icon-btn"
            onClick={onClearCart}
            aria-label={clearCartLabel}
          >
            <Icon name="trash" />
          </button>
        )}
      </div>
    </header>
  );
}
