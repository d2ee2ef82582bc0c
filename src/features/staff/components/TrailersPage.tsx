import {
  PAUSE_MINUTES,
  type StaffItem,
  type StaffTrailer,
  type TrailerUpdate,
  WEEKDAY_KEYS,
  WEEKDAY_NAMES,
} from "@contract/park-operations";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useState } from "react";
import { Spinner } from "@/components/Spinner";
import { formatTime } from "@/lib/time";
import { toasts } from "@/lib/toast-store";
import {
  setAddonSoldOut,
  setItemSoldOut,
  staffAuditQuery,
  staffTrailersQuery,
  trailerKeys,
  updateTrailer,
} from "../api/trailers-api";
import "../staff.css";
import { AuditList } from "./AuditList";
import { BoardAccountsPanel } from "./BoardAccountsPanel";

const TRAILER_KEY = "staffTrailer";

export interface TrailersPageProps {
  /** Every catalogue change on the live connection (composed in src/app): other staff's changes show at once. */
  subscribeToChanges?: (listener: () => void) => () => void;
}

export function trailerStatusText(trailer: Pick<StaffTrailer, "status" | "pausedUntil">): string {
  if (trailer.status === "open") return "Open";
  if (trailer.status === "busy")
    return trailer.pausedUntil ? `Busy — back at ${formatTime(trailer.pausedUntil)}` : "Busy";
  return "Closed";
}

function useTrailerWrites() {
  const queryClient = useQueryClient();
  const done = () => void queryClient.invalidateQueries({ queryKey: trailerKeys.all });
  const onError = (error: Error) => toasts.push({ kind: "error", message: error.message });
  const trailer = useMutation({
    mutationFn: ({ id, update }: { id: number; update: TrailerUpdate }) =>
      updateTrailer(id, update),
    onSuccess: done,
    onError,
  });
  const item = useMutation({
    mutationFn: ({ id, soldOut }: { id: number; soldOut: boolean }) => setItemSoldOut(id, soldOut),
    onSuccess: done,
    onError,
  });
  const addon = useMutation({
    mutationFn: ({ id, soldOut }: { id: number; soldOut: boolean }) => setAddonSoldOut(id, soldOut),
    onSuccess: done,
    onError,
  });
  return { trailer, item, addon };
}

type Writes = ReturnType<typeof useTrailerWrites>;

function StatusControls({ trailer, writes }: { trailer: StaffTrailer; writes: Writes }) {
  const send = (update: TrailerUpdate) => writes.trailer.mutate({ id: trailer.id, update });
  const busy = writes.trailer.isPending;
  return (
    <section className="trailer-panel" aria-labelledby={`status-${trailer.id}`}>
      <h3 id={`status-${trailer.id}`}>Open, pause or close</h3>
      <p className={`trailer-status trailer-status--${trailer.status}`} aria-live="polite">
        {trailerStatusText(trailer)}
      </p>
      <div className="trailer-buttons">
        <button
          type="button"
          className="btn btn--primary"
          disabled={busy || trailer.status === "open"}
          onClick={() => send({ status: "open" })}
        >
          Open
        </button>
        {PAUSE_MINUTES.map((minutes) => (
          <button
            key={minutes}
            type="button"
            className="btn btn--secondary"
            disabled={busy}
            onClick={() => send({ status: "paused", pauseMinutes: minutes })}
          >
            Pause {minutes} min
          </button>
        ))}
        <button
          type="button"
          className="btn btn--secondary"
          disabled={busy}
          onClick={() => send({ status: "paused", pauseMinutes: null })}
        >
          Pause until reopened
        </button>
        <button
          type="button"
          className="btn btn--danger"
          disabled={busy || trailer.tradingStatus === "closed"}
          onClick={() => send({ status: "closed" })}
        >
          Close
        </button>
      </div>
    </section>
  );
}

function PrepAndCap({ trailer, writes }: { trailer: StaffTrailer; writes: Writes }) {
  const id = useId();
  const [min, setMin] = useState(String(trailer.preparationTime.min));
  const [max, setMax] = useState(String(trailer.preparationTime.max));
  const [cap, setCap] = useState(trailer.slotCap === null ? "" : String(trailer.slotCap));
  const [pauseWhenFull, setPauseWhenFull] = useState(trailer.pauseWhenFull);
  const busy = writes.trailer.isPending;
  return (
    <section className="trailer-panel" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Preparation and orders per slot</h3>
      <form
        className="trailer-form"
        onSubmit={(event) => {
          event.preventDefault();
          writes.trailer.mutate({
            id: trailer.id,
            update: {
              preparationTime: { min: Number(min), max: Number(max) },
              slotCap: cap.trim() === "" ? null : Number(cap),
              pauseWhenFull,
            },
          });
        }}
      >
        <div className="field">
          <label htmlFor={`${id}-min`}>Shortest preparation (minutes)</label>
          <input
            id={`${id}-min`}
            type="number"
            inputMode="numeric"
            min={1}
            max={240}
            value={min}
            onChange={(event) => setMin(event.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-max`}>Longest preparation (minutes)</label>
          <input
            id={`${id}-max`}
            type="number"
            inputMode="numeric"
            min={1}
            max={240}
            value={max}
            onChange={(event) => setMax(event.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-cap`}>Orders per 15 minutes (empty: no cap)</label>
          <input
            id={`${id}-cap`}
            type="number"
            inputMode="numeric"
            min={1}
            value={cap}
            onChange={(event) => setCap(event.target.value)}
          />
        </div>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={pauseWhenFull}
            onChange={(event) => setPauseWhenFull(event.target.checked)}
          />
          <span>Pause when a slot is full (instead of giving a later time)</span>
        </label>
        <button type="submit" className="btn btn--primary" disabled={busy}>
          Save preparation and cap
        </button>
      </form>
    </section>
  );
}

function HoursForm({ trailer, writes }: { trailer: StaffTrailer; writes: Writes }) {
  const id = useId();
  const initial = Object.fromEntries(
    WEEKDAY_KEYS.map((day) => {
      const hours = trailer.openingHours?.[day] ?? null;
      return [
        day,
        {
          // With no set hours yet, every day starts open (11:00–21:00) for the staff to adjust.
          closed: trailer.openingHours ? hours === null : false,
          open: hours?.open ?? "11:00",
          close: hours?.close ?? "21:00",
        },
      ];
    }),
  ) as Record<(typeof WEEKDAY_KEYS)[number], { closed: boolean; open: string; close: string }>;
  const [days, setDays] = useState(initial);
  const change = (day: (typeof WEEKDAY_KEYS)[number], patch: Partial<(typeof days)["mon"]>) =>
    setDays((current) => ({ ...current, [day]: { ...current[day], ...patch } }));
  const busy = writes.trailer.isPending;
  return (
    <section className="trailer-panel" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Opening hours</h3>
      <p className="trailer-hint">
        {trailer.openingHours
          ? "It opens and closes by itself at these times."
          : "No set hours: it trades whenever it is open."}
      </p>
      <form
        className="trailer-hours"
        onSubmit={(event) => {
          event.preventDefault();
          writes.trailer.mutate({
            id: trailer.id,
            update: {
              openingHours: Object.fromEntries(
                WEEKDAY_KEYS.map((day) => [
                  day,
                  days[day].closed ? null : { open: days[day].open, close: days[day].close },
                ]),
              ),
            },
          });
        }}
      >
        {WEEKDAY_KEYS.map((day) => (
          <fieldset key={day} className="trailer-hours__day">
            <legend>{WEEKDAY_NAMES[day]}</legend>
            <input
              type="time"
              aria-label={`${WEEKDAY_NAMES[day]} opens`}
              value={days[day].open}
              disabled={days[day].closed}
              onChange={(event) => change(day, { open: event.target.value })}
            />
            <span aria-hidden="true">–</span>
            <input
              type="time"
              aria-label={`${WEEKDAY_NAMES[day]} closes`}
              value={days[day].close}
              disabled={days[day].closed}
              onChange={(event) => change(day, { close: event.target.value })}
            />
            <label className="checkbox">
              <input
                type="checkbox"
                checked={days[day].closed}
                onChange={(event) => change(day, { closed: event.target.checked })}
              />
              <span>Closed</span>
            </label>
          </fieldset>
        ))}
        <div className="trailer-buttons">
          <button type="submit" className="btn btn--primary" disabled={busy}>
            Save opening hours
          </button>
          {trailer.openingHours && (
            <button
              type="button"
              className="btn btn--ghost"
              disabled={busy}
              onClick={() =>
                writes.trailer.mutate({ id: trailer.id, update: { openingHours: null } })
              }
            >
              No set hours
            </button>
          )}
        </div>
      </form>
    </section>
  );
}

function SoldOutButton({
  name,
  soldOut,
  busy,
  onToggle,
}: {
  name: string;
  soldOut: boolean;
  busy: boolean;
  onToggle: () => void;
}) {
  return (
    <button
      type="button"
      className={`btn btn--small ${soldOut ? "btn--primary" : "btn--secondary"}`}
      aria-label={soldOut ? `Back on: ${name}` : `Mark ${name} sold out`}
      disabled={busy}
      onClick={onToggle}
    >
      {soldOut ? "Back on" : "Mark sold out"}
    </button>
  );
}

const matches = (text: string, query: string) =>
  text.toLocaleLowerCase("en-GB").includes(query.toLocaleLowerCase("en-GB"));

function ItemRow({ item, query, writes }: { item: StaffItem; query: string; writes: Writes }) {
  const addonHit =
    query !== "" &&
    item.addonGroups.some((group) => group.addons.some((addon) => matches(addon.name, query)));
  const addonCount = item.addonGroups.reduce((sum, group) => sum + group.addons.length, 0);
  return (
    <li className={`trailer-item${item.soldOut ? " trailer-item--sold-out" : ""}`}>
      <div className="trailer-item__row">
        <span className="trailer-item__name">
          {item.name}
          <small>{item.category}</small>
        </span>
        {item.soldOut && <span className="badge badge--danger">Sold out</span>}
        <SoldOutButton
          name={item.name}
          soldOut={item.soldOut}
          busy={writes.item.isPending && writes.item.variables?.id === item.id}
          onToggle={() => writes.item.mutate({ id: item.id, soldOut: !item.soldOut })}
        />
      </div>
      {addonCount > 0 && (
        <details className="trailer-item__addons" open={addonHit}>
          <summary>Add-ons ({addonCount})</summary>
          {item.addonGroups
            .filter(
              (group) => !addonHit || group.addons.some((addon) => matches(addon.name, query)),
            )
            .map((group) => (
              <div key={group.id} className="trailer-addon-group">
                <p className="trailer-addon-group__name">{group.name}</p>
                <ul>
                  {group.addons
                    .filter((addon) => !addonHit || matches(addon.name, query))
                    .map((addon) => (
                      <li key={addon.id} className="trailer-item__row">
                        <span className="trailer-item__name">{addon.name}</span>
                        {addon.soldOut && <span className="badge badge--danger">Sold out</span>}
                        <SoldOutButton
                          name={addon.name}
                          soldOut={addon.soldOut}
                          busy={writes.addon.isPending && writes.addon.variables?.id === addon.id}
                          onToggle={() =>
                            writes.addon.mutate({ id: addon.id, soldOut: !addon.soldOut })
                          }
                        />
                      </li>
                    ))}
                </ul>
              </div>
            ))}
        </details>
      )}
    </li>
  );
}

function storedTrailer(): number | null {
  const raw = Number(localStorage.getItem(TRAILER_KEY));
  return Number.isInteger(raw) && raw > 0 ? raw : null;
}

/** /staff/trailers: run the day per trailer (status, hours, preparation, slot cap, sold out) and see the record. */
export function TrailersPage({ subscribeToChanges }: TrailersPageProps) {
  const queryClient = useQueryClient();
  const trailers = useQuery(staffTrailersQuery());
  const audit = useQuery(staffAuditQuery());
  const writes = useTrailerWrites();
  const [chosen, setChosen] = useState<number | null>(storedTrailer);
  const [query, setQuery] = useState("");
  const selectId = useId();
  const searchId = useId();

  useEffect(() => {
    if (!subscribeToChanges) return;
    return subscribeToChanges(
      () => void queryClient.invalidateQueries({ queryKey: trailerKeys.all }),
    );
  }, [subscribeToChanges, queryClient]);

  const list = trailers.data?.data ?? [];
  const trailer = list.find((entry) => entry.id === chosen) ?? list[0];
  const search = query.trim();
  const items =
    trailer?.items.filter(
      (item) =>
        search === "" ||
        matches(item.name, search) ||
        item.addonGroups.some((group) => group.addons.some((addon) => matches(addon.name, search))),
    ) ?? [];

  const choose = (value: string) => {
    const id = Number(value);
    localStorage.setItem(TRAILER_KEY, String(id));
    setChosen(id);
  };

  return (
    <div className="staff-board trailers">
      <header className="staff-board__bar">
        <div className="staff-board__title">
          <h1>Trailers</h1>
          <p className="staff-board__count">
            {trailers.isPending
              ? "Loading…"
              : trailers.data?.allTrailers
                ? "Park manager: every trailer"
                : `You run ${list.map((entry) => entry.name).join(", ")}`}
            {trailers.isFetching && !trailers.isPending && <Spinner size={16} />}
          </p>
        </div>
        <div className="staff-board__controls">
          {list.length > 1 && (
            <div className="field">
              <label htmlFor={selectId}>Trailer</label>
              <select
                id={selectId}
                value={trailer?.id ?? ""}
                onChange={(event) => choose(event.target.value)}
              >
                {list.map((entry) => (
                  <option key={entry.id} value={entry.id}>
                    {entry.name} ({trailerStatusText(entry)})
                  </option>
                ))}
              </select>
            </div>
          )}
          <div className="field">
            <label htmlFor={searchId}>Find an item</label>
            <input
              id={searchId}
              type="search"
              value={query}
              placeholder="Item or add-on"
              onChange={(event) => setQuery(event.target.value)}
            />
          </div>
        </div>
      </header>

      {trailers.isError && !trailers.data && (
        <div className="error-box" role="alert">
          {trailers.error.message}
        </div>
      )}

      {list.length > 1 && (
        <ul className="trailer-chips" aria-label="Every trailer's status">
          {list.map((entry) => (
            <li key={entry.id}>
              <button
                type="button"
                className={`trailer-chip trailer-chip--${entry.status}${entry.id === trailer?.id ? " trailer-chip--current" : ""}`}
                aria-pressed={entry.id === trailer?.id}
                onClick={() => choose(String(entry.id))}
              >
                <span>{entry.name}</span>
                <small>{trailerStatusText(entry)}</small>
              </button>
            </li>
          ))}
        </ul>
      )}

      {trailer && (
        <div className="trailers__layout" key={trailer.id}>
          <div className="trailers__main">
            <h2 className="trailers__name">{trailer.name}</h2>
            <StatusControls trailer={trailer} writes={writes} />
            <section className="trailer-panel" aria-labelledby="trailer-items">
              <h3 id="trailer-items">Menu: sold out or back on</h3>
              {items.length === 0 ? (
                <p className="trailer-hint">No item matches “{search}”.</p>
              ) : (
                <ul className="trailer-items">
                  {items.map((item) => (
                    <ItemRow key={item.id} item={item} query={search} writes={writes} />
                  ))}
                </ul>
              )}
            </section>
            <PrepAndCap
              key={`prep-${trailer.preparationTime.min}-${trailer.preparationTime.max}-${trailer.slotCap}-${trailer.pauseWhenFull}`}
              trailer={trailer}
              writes={writes}
            />
            <HoursForm
              key={`hours-${JSON.stringify(trailer.openingHours)}`}
              trailer={trailer}
              writes={writes}
            />
          </div>
          <aside className="trailers__aside trailer-panel" aria-labelledby="audit-title">
            <h3 id="audit-title">Latest changes</h3>
            {audit.data ? <AuditList entries={audit.data.data} /> : <Spinner size={20} />}
          </aside>
          <BoardAccountsPanel
            trailers={(trailers.data?.data ?? []).map((entry) => ({
              id: entry.id,
              name: entry.name,
            }))}
          />
        </div>
      )}
    </div>
  );
}

export default TrailersPage;
