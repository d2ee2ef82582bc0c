import type { AuditEntry } from "@contract/park-operations";
import { formatDate, formatTime } from "@/lib/time";

/** '14:05' today, '24 Nov 2026 14:05' before: the last 50 changes can reach back days. */
function whenText(at: string, now: Date): string {
  const day = formatDate(at);
  return day === formatDate(now) ? formatTime(at) : `${day} ${formatTime(at)}`;
}

/** The park's record, newest first: when, which trailer, what changed (before → after, in words) and who. */
export function AuditList({
  entries,
  now = new Date(),
}: {
  entries: readonly AuditEntry[];
  now?: Date;
}) {
  if (entries.length === 0) return <p className="trailer-hint">No changes yet.</p>;
  return (
    <ol className="audit-list">
      {entries.map((entry) => (
        <li key={entry.id}>
          <time dateTime={entry.at}>{whenText(entry.at, now)}</time>{" "}
          <strong>{entry.vendorName ?? "Park"}</strong>: {entry.summary}
          <small>{entry.who}</small>
        </li>
      ))}
    </ol>
  );
}
