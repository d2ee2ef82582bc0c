import { PLATE_MAX_LENGTH } from "@contract/limits";
import { type FormEvent, useId, useState } from "react";
import { Button } from "@/components/Button";
import { Icon } from "@/components/Icon";
import { displayPlate } from "@/lib/plate";
import type { CarDelivery } from "../hooks/use-car-delivery";

function VehicleSelected({ delivery }: { delivery: CarDelivery }) {
  const vehicle = delivery.state.vehicle!;
  return (
    <div className="vehicle-selected" role="status">
      <div className="vehicle-selected__head">
        <Icon name="check" size={20} />
        <strong>Vehicle Selected</strong>
        <button
          type="button"
          className="link-btn vehicle-selected__change"
          onClick={delivery.change}
        >
          Change<span className="visually-hidden"> vehicle</span>
        </button>
      </div>
      <dl className="vehicle-selected__details">
        <div>
          <dt>Make</dt>
          <dd>{vehicle.make || "Unknown"}</dd>
        </div>
        <div>
          <dt>Colour</dt>
          <dd>{vehicle.colour || "Unknown"}</dd>
        </div>
        <div>
          <dt>Registration</dt>
          <dd>
            <span className="uk-plate">{displayPlate(vehicle.registrationNumber)}</span>
          </dd>
        </div>
      </dl>
    </div>
  );
}

function PlateSearch({ delivery }: { delivery: CarDelivery }) {
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const { plate, searching, error } = delivery.state;
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void delivery.search();
  };
  return (
    <form className="plate-search" onSubmit={onSubmit} noValidate>
      <label htmlFor={inputId}>Car registration</label>
      <p id={hintId} className="plate-search__hint">
        The number plate of the car we should bring your order to.
      </p>
      <div className="plate-search__row">
        <input
          id={inputId}
          className="plate-input"
          value={plate}
          onChange={(event) => delivery.setPlate(event.target.value)}
          maxLength={PLATE_MAX_LENGTH}
          size={PLATE_MAX_LENGTH}
          placeholder="ENTER REG"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          enterKeyHint="search"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${errorId} ${hintId}` : hintId}
        />
        <Button type="submit" disabled={!plate.trim() || searching} busy={searching}>
          {searching ? "Searching..." : "Search"}
        </Button>
      </div>
      {error && (
        <p id={errorId} className="error-box plate-search__error" role="alert">
          {error}
        </p>
      )}
      <button
        type="button"
        className="link-btn plate-search__cancel"
        onClick={() => delivery.answer(null)}
      >
        Cancel
      </button>
    </form>
  );
}

const ANSWER_TEXT = { yes: "Yes", no: "No" } as const;

/** 'Would you like a car delivery?' — required before paying (the product spec (docs/product-spec.md § Screens and routes), Car delivery). */
export function CarDeliveryBlock({ delivery }: { delivery: CarDelivery }) {
  const [open, setOpen] = useState(true);
  const bodyId = useId();
  const questionId = useId();
  const { answer, vehicle } = delivery.state;
  const summary =
    answer === "yes" && vehicle
      ? displayPlate(vehicle.registrationNumber)
      : answer
        ? ANSWER_TEXT[answer]
        : null;

  return (
    <section className="checkout-card car-delivery" aria-labelledby={questionId}>
      <h2 className="checkout-card__heading">
        <button
          type="button"
          className="collapsible-toggle"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => setOpen(!open)}
        >
          <Icon name="car" size={22} className="collapsible-toggle__icon" />
          <span id={questionId} className="collapsible-toggle__title">
            Would you like a car delivery?
          </span>
          <span className={`badge ${delivery.complete ? "" : "badge--warning"}`}>Required</span>
          {delivery.complete && summary && (
            <span className="badge badge--success">
              <Icon name="check" size={14} />
              {summary}
            </span>
          )}
          <Icon name="chevronDown" size={20} className="collapsible-toggle__chevron" />
        </button>
      </h2>
      <div id={bodyId} className="checkout-card__body" hidden={!open}>
        <p className="checkout-card__lead">
          We can bring your order to your car in the park's car park.
        </p>
        <div className="segmented" role="radiogroup" aria-labelledby={questionId}>
          {(["yes", "no"] as const).map((option) => (
            <label
              key={option}
              className={`segmented__option${answer === option ? " segmented__option--on" : ""}`}
            >
              <input
                type="radio"
                name={`${questionId}-answer`}
                value={option}
                checked={answer === option}
                onChange={() => delivery.answer(option)}
              />
              <span>{ANSWER_TEXT[option]}</span>
            </label>
          ))}
        </div>
        {answer === "yes" &&
          (vehicle ? <VehicleSelected delivery={delivery} /> : <PlateSearch delivery={delivery} />)}
      </div>
    </section>
  );
}
