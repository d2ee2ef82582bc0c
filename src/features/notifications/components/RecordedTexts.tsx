import { recordedTextsResponseSchema } from "@contract/kitchen";
import { useQuery } from "@tanstack/react-query";
import { ApiError, api } from "@/lib/api-client";
import { formatTime } from "@/lib/time";

/**
 * The texts the local SMS provider recorded instead of sending (development and tests only: the server answers 404
 * in production, and this section says so).
 */
export function RecordedTexts() {
  const texts = useQuery({
    queryKey: ["test-texts"],
    queryFn: async ({ signal }) =>
      (await api.get("/test/texts", recordedTextsResponseSchema, { signal })).data,
    refetchInterval: 5_000,
    retry: false,
  });
  const unavailable = texts.error instanceof ApiError && texts.error.status === 404;
  const signedOut = texts.error instanceof ApiError && texts.error.status === 401;
  return (
    <section className="card test-notifications__section" aria-labelledby="texts-heading">
      <h2 id="texts-heading">Text messages (local provider)</h2>
      {texts.isPending ? (
        <p>Loading…</p>
      ) : unavailable ? (
        <p>No local text provider here: texts go to the real provider, or none are sent.</p>
      ) : signedOut ? (
        <p>Sign in to see the texts recorded for your number (staff see every one).</p>
      ) : texts.isError ? (
        <p role="alert">{texts.error.message}</p>
      ) : texts.data.length === 0 ? (
        <p>No text has been sent yet.</p>
      ) : (
        <ul className="test-texts" aria-label="Recorded texts">
          {[...texts.data].reverse().map((text) => (
            <li key={text.id}>
              <span className="test-texts__meta">
                {formatTime(text.sentAt)} to {text.to}
                {text.orderId !== null && ` · order #${text.orderId}`}
              </span>
              <span className="test-texts__body">{text.body}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
