export function Spinner({ size = 20, label }: { size?: number; label?: string }) {
  return (
    <span
      className="spinner"
      style={{ width: size, height: size }}
      role={label ? "status" : undefined}
    >
      <span className="visually-hidden">{label ?? "Loading"}</span>
    </span>
  );
}
