import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useEffect, useId, useState } from "react";
import { Link } from "react-router";
import { Icon } from "@/components/Icon";
import { formatPence } from "@/lib/money";
import { canSearch, menuSearchQuery, normaliseSearch } from "../api/menu-search-api";
import "../search.css";
import { agrees, countOf } from "@/lib/copy";

const TYPING_PAUSE_MS = 250;

function useSettled(value: string, delayMs: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/**
 * Home's search by craving: every open trailer's dishes by name, category or description ('burger', 'vegan').
 * Each result names its trailer and price and opens the dish.
 */
export function DishSearch() {
  const [text, setText] = useState("");
  const settled = useSettled(text, TYPING_PAUSE_MS);
  const search = useQuery({ ...menuSearchQuery(settled), placeholderData: keepPreviousData });
  const inputId = useId();
  const resultsId = useId();
  const active = canSearch(settled) && canSearch(text);
  const results = active ? (search.data?.results ?? []) : [];
  const shown = normaliseSearch(settled);

  let status = "";
  if (active && search.isError)
    status = "Search needs a connection. Try again when you're back online.";
  else if (active && search.data) {
    const count = search.data.results.length + search.data.more;
    status =
      count === 0
        ? `No dishes match '${shown}'`
        : `${countOf(count, "dish", "dishes")} ${agrees(count, "matches", "match")} '${shown}'`;
  } else if (active) status = "Searching…";

  return (
    <section className="dish-search" aria-labelledby={`${inputId}-title`}>
      <h2 id={`${inputId}-title`} className="visually-hidden">
        Search dishes
      </h2>
      <div className="dish-search__box">
        <Icon name="search" size={20} className="dish-search__icon" />
        <label htmlFor={inputId} className="visually-hidden">
          Search dishes in every open trailer
        </label>
        <input
          id={inputId}
          type="search"
          className="dish-search__input"
          placeholder="Burger, pizza, coffee, vegan…"
          value={text}
          onChange={(event) => setText(event.target.value)}
          autoComplete="off"
          enterKeyHint="search"
          aria-controls={results.length > 0 ? resultsId : undefined}
        />
      </div>
      <p className="dish-search__status" role="status">
        {status}
      </p>
      {results.length > 0 && (
        <ul
          className="dish-search__results"
          id={resultsId}
          aria-label={`Dishes matching '${shown}'`}
        >
          {results.map((hit) => (
            <li key={hit.id}>
              <Link className="dish-hit" to={`/vendor/${hit.vendorId}/item/${hit.itemId}`}>
                <img
                  className="dish-hit__image"
                  src={hit.image || "/images/placeholder-item.svg"}
                  alt=""
                  width={56}
                  height={56}
                  loading="lazy"
                />
                <span className="dish-hit__text">
                  <span className="dish-hit__name">{hit.name}</span>
                  <span className="dish-hit__vendor">{hit.vendorName}</span>
                </span>
                <span className="dish-hit__price">{formatPence(hit.pricePence)}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export default DishSearch;
