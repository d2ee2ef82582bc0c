import { displayUkMobile } from "@contract/text-alerts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useState } from "react";
import { ApiError } from "../lib/api-client";
import { fetchReadyText, fieldMessage, readyTextKey, saveReadyText } from "../lib/ready-text";

/**
 * "Text me when it's ready": a UK mobile and the opt-in, saved to the customer's account (the server checks the
 * number and answers 422 naming the field, shown under it). Used in Profile and at checkout.
 */
export function ReadyTextForm({ heading = "h2" }: { heading?: "h2" | "h3" }) {
  const queryClient = useQueryClient();
  const settings = useQuery({
    queryKey: readyTextKey,
    queryFn: ({ signal }) => fetchReadyText(signal),
    staleTime: 5 * 60_000,
  });
  const [optIn, setOptIn] = useState(false);
  const [mobile, setMobile] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const checkId = useId();
  const inputId = useId();
  const errorId = useId();

  useEffect(() => {
    if (!settings.data) return;
    setOptIn(settings.data.textWhenReady);
    setMobile(settings.data.mobile ? displayUkMobile(settings.data.mobile) : "");
  }, [settings.data]);

  const save = useMutation({
    mutationFn: saveReadyText,
    onSuccess: (data) => {
      queryClient.setQueryData(readyTextKey, data);
      setError(null);
      setSaved(true);
    },
    onError: (caught) => {
      setSaved(false);
      setError(
        caught instanceof ApiError && caught.status === 422
          ? fieldMessage(caught.message)
          : caught.message,
      );
    },
  });

  const submit = (nextOptIn: boolean) => {
    setSaved(false);
    save.mutate({ mobile: mobile.trim() || null, textWhenReady: nextOptIn });
  };
  const Heading = heading;

  return (
    <section className="ready-text card" aria-labelledby={`${checkId}-title`}>
      <Heading id={`${checkId}-title`} className="ready-text__title">
        Text me when it's ready
      </Heading>
      <form
        className="ready-text__form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit(optIn);
        }}
      >
        <label className="checkbox" htmlFor={checkId}>
          <input
            id={checkId}
            type="checkbox"
            checked={optIn}
            // Until the saved choice arrives, a tap would be overwritten by it.
            disabled={settings.isPending}
            onChange={(event) => {
              setOptIn(event.target.checked);
              setSaved(false);
              // Turning it off needs no number: saved at once.
              if (!event.target.checked && settings.data?.textWhenReady) submit(false);
            }}
          />
          <span>
            Text me when my order is ready, if I have not seen it in the app within a minute
          </span>
        </label>
        {optIn && (
          <div className="field">
            <label htmlFor={inputId}>Mobile number</label>
            <input
              id={inputId}
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              placeholder="07700 900123"
              value={mobile}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              onChange={(event) => {
                setMobile(event.target.value);
                setSaved(false);
              }}
            />
            {error && (
              <p id={errorId} className="field__error" role="alert">
                {error}
              </p>
            )}
          </div>
        )}
        {optIn && (
          <button type="submit" className="btn btn--secondary" disabled={save.isPending}>
            <span>{save.isPending ? "Saving..." : "Save number"}</span>
          </button>
        )}
        {saved && (
          <p className="ready-text__saved" role="status">
            {settings.data?.textWhenReady && settings.data.mobile
              ? `We'll text ${displayUkMobile(settings.data.mobile)} when it's ready.`
              : "No texts will be sent."}
          </p>
        )}
      </form>
    </section>
  );
}
