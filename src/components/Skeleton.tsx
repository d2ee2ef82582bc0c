import type { CSSProperties } from "react";

/** A grey shimmer shaped like the content it stands in for. */
export function Skeleton({
  width = "100%",
  height = 16,
  radius = 8,
  style,
}: {
  width?: CSSProperties["width"];
  height?: CSSProperties["height"];
  radius?: number;
  style?: CSSProperties;
}) {
  return (
    <span
      className="skeleton"
      aria-hidden="true"
      style={{ width, height, borderRadius: radius, ...style }}
    />
  );
}
