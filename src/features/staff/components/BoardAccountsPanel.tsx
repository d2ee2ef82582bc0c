import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { ApiError } from "@/lib/api-client";
import { useOnline } from "@/lib/network";
import { formatDate } from "@/lib/time";
import {
  boardAccountsKey,
  createBoardAccount,
  fetchBoardAccounts,
  revokeBoardAccount,
} from "../api/board-api";

/**
 * Pickup board screens (park managers): create a board-only account for a TV (its access code is shown once), see
 * them, revoke one. Trailer staff are refused by the server (403) and see nothing here.
 */
export function BoardAccountsPanel({ trailers }: { trailers: { id: number; name: string }[] }) {
  const queryClient = useQueryClient();
  const accounts = useQuery({
    queryKey: boardAccountsKey,
    queryFn: ({ signal }) => fetchBoardAccounts(signal),
    retry: false,
  });
  const [name, setName] = useState("");
  const [vendorId, setVendorId] = useState("");
  const [created, setCreated] = useState<{ name: string; code: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const nameId = useId();
  const trailerId = useId();
  const online = useOnline();
  const create = useMutation({
    mutationFn: () => createBoardAccount(name.trim(), vendorId ? Number(vendorId) : null),
    onSuccess: (answer) => {
      setCreated({ name: answer.data.name, code: answer.accessCode });
      setName("");
      setError(null);
      void queryClient.invalidateQueries({ queryKey: boardAccountsKey });
    },
    onError: (caught) => setError(caught.message),
  });
  const revoke = useMutation({
    mutationFn: revokeBoardAccount,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: boardAccountsKey }),
  });
  if (accounts.error instanceof ApiError && accounts.error.status === 403) return null;

  return (
    <section className="trailer-panel board-accounts" aria-labelledby="board-accounts-title">
      <h3 id="board-accounts-title">Pickup board screens</h3>
      <p>
        A TV at the hatch signs in at <strong>/staff/board</strong> with its own access code: it can
        show order numbers and nothing else.
      </p>
      <form
        className="board-accounts__form"
        onSubmit={(event) => {
          event.preventDefault();
          create.mutate();
        }}
      >
        <div className="field">
          <label htmlFor={nameId}>Screen name</label>
          <input
            id={nameId}
            value={name}
            maxLength={60}
            placeholder="Hatch TV"
            onChange={(event) => setName(event.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={trailerId}>Shows</label>
          <select
            id={trailerId}
            value={vendorId}
            onChange={(event) => setVendorId(event.target.value)}
          >
            <option value="">The whole park</option>
            {trailers.map((trailer) => (
              <option key={trailer.id} value={trailer.id}>
                {trailer.name}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn btn--primary" disabled={create.isPending || !online}>
          <span>{create.isPending ? "Creating..." : "Create screen"}</span>
        </button>
      </form>
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
      {created && (
        <p className="board-accounts__code" role="status">
          Access code for {created.name} (shown once): <code>{created.code}</code>
        </p>
      )}
      {accounts.data && accounts.data.data.length > 0 && (
        <ul className="board-accounts__list" aria-label="Board screens">
          {accounts.data.data.map((account) => (
            <li key={account.id}>
              <span>
                {account.name} ·{" "}
                {account.vendorId === null
                  ? "whole park"
                  : (trailers.find((trailer) => trailer.id === account.vendorId)?.name ??
                    "one trailer")}{" "}
                · since {formatDate(account.createdAt)}
              </span>
              {account.revokedAt ? (
                <span className="board-accounts__revoked">Revoked</span>
              ) : (
                <button
                  type="button"
                  className="btn btn--secondary btn--small"
                  disabled={revoke.isPending || !online}
                  onClick={() => revoke.mutate(account.id)}
                >
                  <span>Revoke</span>
                  <span className="visually-hidden"> {account.name}</span>
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
