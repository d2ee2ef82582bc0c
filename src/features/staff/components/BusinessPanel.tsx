import { type TrailerBusiness, VAT_RATES, type VatRate } from "@contract/business";
import type { StaffTrailer } from "@contract/park-operations";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useOnline } from "@/lib/network";
import { toasts } from "@/lib/toast-store";
import { setVatRate, trailerKeys, updateTrailerBusiness } from "../api/trailers-api";

/** A park manager's view of a trailer as a business: legal name, address, VAT number, payout account. */
export function BusinessPanel({ trailer, manager }: { trailer: StaffTrailer; manager: boolean }) {
  const id = useId();
  const queryClient = useQueryClient();
  const business: TrailerBusiness = trailer.business;
  const [legalName, setLegalName] = useState(business.legalName ?? "");
  const [address, setAddress] = useState(business.address.join("\n"));
  const [postcode, setPostcode] = useState(business.postcode ?? "");
  const [vatNumber, setVatNumber] = useState(business.vatNumber ?? "");
  const [payoutAccount, setPayoutAccount] = useState(business.payoutAccount ?? "");
  // Offline the Trailers screen takes no changes (its notice says so): nothing waits to be sent later.
  const online = useOnline();
  const save = useMutation({
    mutationFn: () =>
      updateTrailerBusiness(trailer.id, {
        business: {
          legalName,
          address: address
            .split("\n")
            .map((line) => line.trim())
            .filter(Boolean),
          postcode,
          vatNumber: vatNumber.trim() === "" ? null : vatNumber,
        },
        payoutAccount: payoutAccount.trim() === "" ? null : payoutAccount.trim(),
      }),
    onSuccess: () => {
      toasts.push({ kind: "success", message: `${trailer.name}: business details saved` });
      void queryClient.invalidateQueries({ queryKey: trailerKeys.all });
    },
    onError: (error: Error) => toasts.push({ kind: "error", message: error.message }),
  });
  if (!manager) {
    return (
      <section className="trailer-panel" aria-labelledby={`${id}-title`}>
        <h3 id={`${id}-title`}>Business</h3>
        <p>{business.legalName ?? trailer.name}</p>
        <p className="trailer-hint">
          {business.vatNumber ? `VAT ${business.vatNumber}` : "Not VAT-registered"} ·{" "}
          {business.payoutAccount ? "Card takings paid out" : "Card takings held by the park"}
        </p>
      </section>
    );
  }
  return (
    <section className="trailer-panel" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Business and payouts</h3>
      <form
        className="trailer-form trailer-business"
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate();
        }}
      >
        <div className="field">
          <label htmlFor={`${id}-legal`}>Legal name</label>
          <input
            id={`${id}-legal`}
            value={legalName}
            required
            onChange={(event) => setLegalName(event.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-address`}>Address (one line each)</label>
          <textarea
            id={`${id}-address`}
            rows={3}
            value={address}
            required
            onChange={(event) => setAddress(event.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-postcode`}>Postcode</label>
          <input
            id={`${id}-postcode`}
            value={postcode}
            required
            autoCapitalize="characters"
            onChange={(event) => setPostcode(event.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-vat`}>VAT number (empty: not VAT-registered)</label>
          <input
            id={`${id}-vat`}
            value={vatNumber}
            placeholder="GB123456782"
            autoCapitalize="characters"
            onChange={(event) => setVatNumber(event.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-payout`}>Stripe payout account (empty: held by the park)</label>
          <input
            id={`${id}-payout`}
            value={payoutAccount}
            placeholder="acct_…"
            onChange={(event) => setPayoutAccount(event.target.value)}
          />
        </div>
        <div className="trailer-buttons">
          <button type="submit" className="btn btn--primary" disabled={save.isPending || !online}>
            Save business details
          </button>
        </div>
      </form>
    </section>
  );
}

/** A park manager's VAT rate choice for an item or add-on (20 % standard, 0 % zero-rated). */
export function VatRateSelect({
  target,
  id,
  name,
  vatRate,
}: {
  target: "item" | "addon";
  id: number;
  name: string;
  vatRate: VatRate;
}) {
  const queryClient = useQueryClient();
  const online = useOnline();
  const change = useMutation({
    mutationFn: (rate: VatRate) => setVatRate(target, id, rate),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: trailerKeys.all }),
    onError: (error: Error) => toasts.push({ kind: "error", message: error.message }),
  });
  return (
    <select
      className="trailer-vat"
      aria-label={`VAT rate of ${name}`}
      value={change.isPending ? (change.variables ?? vatRate) : vatRate}
      disabled={change.isPending || !online}
      onChange={(event) => change.mutate(Number(event.target.value) as VatRate)}
    >
      {VAT_RATES.map((rate) => (
        <option key={rate} value={rate}>
          VAT {rate} %
        </option>
      ))}
    </select>
  );
}
