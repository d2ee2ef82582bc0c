import {
  PAUSE_MINUTES,
  type StaffItem,
  type StaffTrailer,
  type TrailerUpdate,
  WEEKDAY_KEYS,
  WEEKDAY_NAMES,
} from "@contract/park-operations";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import { Spinner } from "@/components/Spinner";
import { StatusBadge } from "@/components/TradingStatus";
import { ApiError } from "@/lib/api-client";
import { useOnline } from "@/lib/network";
import { formatTime } from "@/lib/time";
import { toasts } from "@/lib/toast-store";
import { parkMoment, tradingLine } from "@/lib/trading-line";
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
import { BusinessPanel, VatRateSelect } from "./BusinessPanel";
import { StaffOfflineNotice } from "./StaffOfflineNotice";

const TRAILER_KEY = "staffTrailer";

export interface TrailersPageProps {
  /** Every catalogue change on the live connection (composed in src/app): other staff's changes show at once. */
  subscribeToChanges?: (listener: () => void) => () => void;
}

type TrailerFacts = Pick<
  StaffTrailer,
  "status" | "pausedUntil" | "opensAt" | "closesAt" | "hoursOverriddenUntil"
>;

/** The shared line of the customer screens ('Busy — back at 12:45', 'Opens 11:00', 'Closes 21:00'), for staff. */
export function trailerLine(trailer: TrailerFacts): string | null {
  return tradingLine({
    status: trailer.status,
    busyUntil: trailer.pausedUntil,
    opensAt: trailer.opensAt,
    closesAt: trailer.closesAt,
  });
}

/** 'outside its hours until Mon 11:00' for a trailer opened against its hours, else null. */
function outsideHours(trailer: TrailerFacts): string | null {
  return trailer.status === "open" && trailer.hoursOverriddenUntil
    ? `outside its hours until ${parkMoment(trailer.hoursOverriddenUntil)}`
    : null;
}

/** 'Open', 'Open — outside its hours until 11:00', 'Busy — back at 12:45', 'Closed · Opens 11:00'. */
export function trailerStatusText(trailer: TrailerFacts): string {
  const line = trailerLine(trailer);
  if (trailer.status === "busy") return line ?? "Busy";
  const outside = outsideHours(trailer);
  if (outside) return `Open — ${outside}`;
  const word = trailer.status === "open" ? "Open" : "Closed";
  return line ? `${word} · ${line}` : word;
}

/** The state as the staff set it. (Customers see the spec's two badges: a busy trailer is 'Closed' to them.) */
const STATE_BADGE: Record<string, { word: string; tone: string }> = {
  open: { word: "Open", tone: "badge--success" },
  busy: { word: "Busy", tone: "badge--warning" },
  closed: { word: "Closed", tone: "badge--danger" },
};

/** What follows the state: 'back at 12:45', 'until reopened', 'outside its hours until Mon 11:00', 'Opens 11:00'. */
export function trailerStateDetail(trailer: TrailerFacts): string | null {
  if (trailer.status === "busy")
    return trailer.pausedUntil ? `back at ${formatTime(trailer.pausedUntil)}` : "until reopened";
  return outsideHours(trailer) ?? trailerLine(trailer);
}

const OFFLINE_TEXT =
  "Offline — reconnecting. Changes are not saved until the tablet is back online.";

/**
 * The Trailers screen's changes. Offline they are not possible (the controls say so by being disabled, the banner
 * says why): a pause tapped offline and sent minutes later, when the tablet reconnects, would pause the wrong minutes.
 */
function useTrailerWrites() {
  const queryClient = useQueryClient();
  const offline = !useOnline();
  const done = () => void queryClient.invalidateQueries({ queryKey: trailerKeys.all });
  const onError = (error: Error) => toasts.push({ kind: "error", message: error.message });
  const trailerWrite = useMutation({
    mutationFn: ({ id, update }: { id: number; update: TrailerUpdate }) =>
      updateTrailer(id, update),
    onSuccess: done,
    onError,
  });
  // One trailer change at a time: a double tap lands before the buttons disable, and must send one request.
  const trailerInFlight = useRef(false);
  const trailer = {
    ...trailerWrite,
    mutate: (...[variables, options]: Parameters<typeof trailerWrite.mutate>) => {
      if (trailerInFlight.current) return;
      trailerInFlight.current = true;
      trailerWrite.mutate(variables, {
        ...options,
        onSettled: (...settled) => {
          trailerInFlight.current = false;
          options?.onSettled?.(...settled);
        },
      });
    },
  };
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
  return { trailer, item, addon, offline };
}

type Writes = ReturnType<typeof useTrailerWrites>;

/**
 * Which pause button is running: 'until-reopened', or the shortest pause that still covers the time left (a 30-min
 * pause 5 minutes in is the 30), else null.
 */
export function activePause(
  trailer: Pick<StaffTrailer, "status" | "paused" | "pausedUntil">,
  now: number = Date.now(),
): (typeof PAUSE_MINUTES)[number] | "until-reopened" | null {
  if (trailer.status !== "busy" || !trailer.paused) return null;
  if (!trailer.pausedUntil) return "until-reopened";
  const left = (Date.parse(trailer.pausedUntil) - now) / 60_000;
  return PAUSE_MINUTES.find((minutes) => minutes >= left) ?? PAUSE_MINUTES.at(-1)!;
}

function StatusControls({ trailer, writes }: { trailer: StaffTrailer; writes: Writes }) {
  const send = (update: TrailerUpdate) => writes.trailer.mutate({ id: trailer.id, update });
  const open = () =>
    writes.trailer.mutate(
      { id: trailer.id, update: { status: "open" } },
      {
        // Open always opens; outside the hours it says until when it overrides them.
        onSuccess: (after) =>
          toasts.push({
            kind: "success",
            message: after.hoursOverriddenUntil
              ? `${after.name} is open. Its opening hours take over again at ${parkMoment(after.hoursOverriddenUntil)}.`
              : `${after.name} is open.`,
          }),
      },
    );
  const busy = writes.trailer.isPending || writes.offline;
  const active = activePause(trailer);
  const state = STATE_BADGE[trailer.status] ?? { word: trailer.status, tone: "" };
  const detail = trailerStateDetail(trailer);
  return (
    <section className="trailer-panel" aria-labelledby={`status-${trailer.id}`}>
      <h3 id={`status-${trailer.id}`}>Open, pause or close</h3>
      <p className={`trailer-status trailer-status--${trailer.status}`} aria-live="polite">
        <StatusBadge word={state.word} tone={state.tone} testId="trailer-state" />{" "}
        {detail && <span data-testid="trailer-status-line">{detail}</span>}
      </p>
      <div className="trailer-buttons">
        <button
          type="button"
          className="btn btn--primary"
          disabled={busy || trailer.status === "open"}
          onClick={open}
        >
          Open
        </button>
        {PAUSE_MINUTES.map((minutes) => (
          <button
            key={minutes}
            type="button"
            className="btn btn--secondary"
            disabled={busy}
            aria-pressed={active === minutes}
            onClick={() => send({ status: "paused", pauseMinutes: minutes })}
          >
            Pause {minutes} min{active === minutes ? " · on" : ""}
          </button>
        ))}
        <button
          type="button"
          className="btn btn--secondary"
          disabled={busy}
          aria-pressed={active === "until-reopened"}
          onClick={() => send({ status: "paused", pauseMinutes: null })}
        >
          Pause until reopened{active === "until-reopened" ? " · on" : ""}
        </button>
        {active !== null && active !== "until-reopened" && (
          <button
            type="button"
            className="btn btn--secondary"
            disabled={busy}
            onClick={() => send({ extendPause: 15 })}
          >
            +15 min
          </button>
        )}
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
  const busy = writes.trailer.isPending || writes.offline;
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

type Day = (typeof WEEKDAY_KEYS)[number];
interface DayDraft {
  closed: boolean;
  /** 'HH:MM', or '' when not set. */
  open: string;
  close: string;
}

/** Every quarter hour of the day, 24-hour: 00:00 … 23:45. */
const QUARTER_HOURS = Array.from(
  { length: 96 },
  (_, index) =>
    `${String(Math.floor(index / 4)).padStart(2, "0")}:${String((index % 4) * 15).padStart(2, "0")}`,
);

function TimeSelect({
  label,
  value,
  disabled,
  onChange,
}: {
  label: string;
  value: string;
  disabled: boolean;
  onChange: (value: string) => void;
}) {
  const options =
    value && !QUARTER_HOURS.includes(value) ? [value, ...QUARTER_HOURS] : QUARTER_HOURS;
  return (
    <select
      aria-label={label}
      value={value}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value)}
    >
      <option value="">--:--</option>
      {options.map((time) => (
        <option key={time} value={time}>
          {time}
        </option>
      ))}
    </select>
  );
}

/**
 * The week's hours as the form sends them: null when every day is left empty (no schedule), else each day's
 * times (a day marked closed, or left empty, is closed). A day with only one of its times is a mistake to name.
 */
export function hoursFromDraft(
  days: Record<Day, DayDraft>,
): { hours: TrailerUpdate["openingHours"] } | { problem: string } {
  const half = WEEKDAY_KEYS.find(
    (day) => !days[day].closed && (days[day].open === "") !== (days[day].close === ""),
  );
  if (half) return { problem: `Give ${WEEKDAY_NAMES[half]} both an opening and a closing time.` };
  const empty = WEEKDAY_KEYS.every(
    (day) => !days[day].closed && days[day].open === "" && days[day].close === "",
  );
  if (empty) return { hours: null };
  return {
    hours: Object.fromEntries(
      WEEKDAY_KEYS.map((day) => [
        day,
        days[day].closed || days[day].open === ""
          ? null
          : { open: days[day].open, close: days[day].close },
      ]),
    ),
  };
}

function HoursForm({ trailer }: { trailer: StaffTrailer }) {
  const id = useId();
  const queryClient = useQueryClient();
  const initial = Object.fromEntries(
    WEEKDAY_KEYS.map((day) => {
      const hours = trailer.openingHours?.[day] ?? null;
      // No set hours: every day starts empty, which saves as "no schedule" (nothing is pre-filled to close it).
      return [
        day,
        {
          closed: trailer.openingHours ? hours === null : false,
          open: hours?.open ?? "",
          close: hours?.close ?? "",
        },
      ];
    }),
  ) as Record<Day, DayDraft>;
  const [days, setDays] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);
  /** The server's warning that these hours close the trailer now, waiting for the staff's answer. */
  const [closesNow, setClosesNow] = useState<string | null>(null);
  const online = useOnline();
  const save = useMutation({
    mutationFn: (update: TrailerUpdate) => updateTrailer(trailer.id, update),
    onSuccess: () => {
      setClosesNow(null);
      void queryClient.invalidateQueries({ queryKey: trailerKeys.all });
    },
    onError: (error: Error) => {
      if (error instanceof ApiError && error.status === 409) setClosesNow(error.message);
      else toasts.push({ kind: "error", message: error.message });
    },
  });
  const change = (day: Day, patch: Partial<DayDraft>) => {
    setProblem(null);
    setClosesNow(null);
    setDays((current) => ({ ...current, [day]: { ...current[day], ...patch } }));
  };
  const submit = (confirmClose: boolean) => {
    const draft = hoursFromDraft(days);
    if ("problem" in draft) {
      setProblem(draft.problem);
      return;
    }
    save.mutate({ openingHours: draft.hours, ...(confirmClose ? { confirmClose: true } : {}) });
  };
  const busy = save.isPending || !online;
  return (
    <section className="trailer-panel" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Opening hours</h3>
      <p className="trailer-hint">
        {trailer.openingHours
          ? "It opens and closes by itself at these times (24-hour). A day left empty is closed."
          : "No set hours: it trades whenever it is open. Leave every day empty to keep it so."}
      </p>
      <form
        className="trailer-hours"
        onSubmit={(event) => {
          event.preventDefault();
          submit(false);
        }}
      >
        {WEEKDAY_KEYS.map((day) => (
          <fieldset key={day} className="trailer-hours__day">
            <legend>{WEEKDAY_NAMES[day]}</legend>
            <TimeSelect
              label={`${WEEKDAY_NAMES[day]} opens`}
              value={days[day].open}
              disabled={days[day].closed}
              onChange={(open) => change(day, { open })}
            />
            <span aria-hidden="true">–</span>
            <TimeSelect
              label={`${WEEKDAY_NAMES[day]} closes`}
              value={days[day].close}
              disabled={days[day].closed}
              onChange={(close) => change(day, { close })}
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
        {problem && (
          <p className="error-box" role="alert">
            {problem}
          </p>
        )}
        {closesNow ? (
          <div className="trailer-confirm" role="alertdialog" aria-labelledby={`${id}-confirm`}>
            <p id={`${id}-confirm`}>{closesNow}</p>
            <div className="trailer-buttons">
              <button
                type="button"
                className="btn btn--danger"
                disabled={busy}
                onClick={() => submit(true)}
              >
                Save and close now
              </button>
              <button
                type="button"
                className="btn btn--secondary"
                disabled={busy}
                onClick={() => setClosesNow(null)}
              >
                Keep it open
              </button>
            </div>
          </div>
        ) : (
          <div className="trailer-buttons">
            <button type="submit" className="btn btn--primary" disabled={busy}>
              Save opening hours
            </button>
            {trailer.openingHours && (
              <button
                type="button"
                className="btn btn--ghost"
                disabled={busy}
                onClick={() => save.mutate({ openingHours: null })}
              >
                No set hours
              </button>
            )}
          </div>
        )}
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

function ItemRow({
  item,
  query,
  writes,
  manager,
}: {
  item: StaffItem;
  query: string;
  writes: Writes;
  manager: boolean;
}) {
  const addonHit =
    query !== "" &&
    item.addonGroups.some((group) => group.addons.some((addon) => matches(addon.name, query)));
  const addonCount = item.addonGroups.reduce((sum, group) => sum + group.addons.length, 0);
  // A closed list is not rendered: a trailer's items carry hundreds of hidden add-on rows (a fifth of the screen's
  // nodes) that every render of the screen went through.
  const [opened, setOpened] = useState(false);
  const showAddons = opened || addonHit;
  return (
    <li className={`trailer-item${item.soldOut ? " trailer-item--sold-out" : ""}`}>
      <div className="trailer-item__row">
        <span className="trailer-item__name">
          {item.name}
          <small>{item.category}</small>
        </span>
        {item.soldOut && <span className="badge badge--danger">Sold out</span>}
        {manager ? (
          <VatRateSelect target="item" id={item.id} name={item.name} vatRate={item.vatRate} />
        ) : (
          <small className="trailer-vat">VAT {item.vatRate} %</small>
        )}
        <SoldOutButton
          name={item.name}
          soldOut={item.soldOut}
          busy={writes.offline || (writes.item.isPending && writes.item.variables?.id === item.id)}
          onToggle={() => writes.item.mutate({ id: item.id, soldOut: !item.soldOut })}
        />
      </div>
      {addonCount > 0 && (
        <details
          className="trailer-item__addons"
          open={showAddons}
          onToggle={(event) => setOpened(event.currentTarget.open)}
        >
          <summary>Add-ons ({addonCount})</summary>
          {showAddons &&
            item.addonGroups
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
                          {manager && (
                            <VatRateSelect
                              target="addon"
                              id={addon.id}
                              name={addon.name}
                              vatRate={addon.vatRate}
                            />
                          )}
                          <SoldOutButton
                            name={addon.name}
                            soldOut={addon.soldOut}
                            busy={
                              writes.offline ||
                              (writes.addon.isPending && writes.addon.variables?.id === addon.id)
                            }
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

      {writes.offline && <StaffOfflineNotice text={OFFLINE_TEXT} />}

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
                    <ItemRow
                      key={item.id}
                      item={item}
                      query={search}
                      writes={writes}
                      manager={trailers.data?.allTrailers ?? false}
                    />
                  ))}
                </ul>
              )}
            </section>
            <PrepAndCap
              key={`prep-${trailer.preparationTime.min}-${trailer.preparationTime.max}-${trailer.slotCap}-${trailer.pauseWhenFull}`}
              trailer={trailer}
              writes={writes}
            />
            <HoursForm key={`hours-${JSON.stringify(trailer.openingHours)}`} trailer={trailer} />
            <BusinessPanel
              key={`business-${JSON.stringify(trailer.business)}`}
              trailer={trailer}
              manager={trailers.data?.allTrailers ?? false}
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
