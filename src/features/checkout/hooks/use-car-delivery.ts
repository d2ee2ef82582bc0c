import { PLATE_MAX_LENGTH } from "@contract/limits";
import { MESSAGES } from "@contract/messages";
import type { Vehicle } from "@contract/orders";
import { useCallback, useEffect, useReducer, useRef } from "react";
import { lookupVehicle } from "../api/checkout-api";
import { readCarDelivery, writeCarDelivery } from "../lib/car-delivery-storage";

export type CarDeliveryAnswer = "yes" | "no" | null;

export interface CarDeliveryState {
  answer: CarDeliveryAnswer;
  plate: string;
  vehicle: Vehicle | null;
  searching: boolean;
  error: string | null;
}

type Action =
  | { type: "answer"; answer: CarDeliveryAnswer }
  | { type: "plate"; plate: string }
  | { type: "searching" }
  | { type: "found"; vehicle: Vehicle }
  | { type: "failed"; error: string }
  | { type: "change" };

export const initialCarDelivery: CarDeliveryState = {
  answer: null,
  plate: "",
  vehicle: null,
  searching: false,
  error: null,
};

export function carDeliveryReducer(state: CarDeliveryState, action: Action): CarDeliveryState {
  switch (action.type) {
    case "answer":
      // No (or Cancel) clears the plate and the form (docs/product-spec.md § Screens and routes).
      return action.answer === "yes"
        ? { ...state, answer: "yes", error: null }
        : { ...initialCarDelivery, answer: action.answer };
    case "plate":
      return {
        ...state,
        plate: action.plate.toUpperCase().slice(0, PLATE_MAX_LENGTH),
        error: null,
      };
    case "searching":
      return { ...state, searching: true, error: null };
    case "found":
      return { ...state, searching: false, vehicle: action.vehicle, error: null };
    case "failed":
      return { ...state, searching: false, vehicle: null, error: action.error };
    case "change":
      return { ...state, vehicle: null, error: null };
  }
}

/** The car-delivery question: unanswered, yes (with a found vehicle) or no. Paying waits for an answer. */
export function useCarDelivery() {
  // Back from payment or a reload starts from the answer and plate given before (see car-delivery-storage).
  const [state, dispatch] = useReducer(carDeliveryReducer, initialCarDelivery, (initial) => ({
    ...initial,
    ...readCarDelivery(),
  }));
  useEffect(() => {
    writeCarDelivery({ answer: state.answer, plate: state.plate, vehicle: state.vehicle });
  }, [state.answer, state.plate, state.vehicle]);
  const controller = useRef<AbortController | null>(null);

  const search = useCallback(async () => {
    if (!state.plate.trim() || state.searching) return;
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    dispatch({ type: "searching" });
    try {
      dispatch({ type: "found", vehicle: await lookupVehicle(state.plate.trim(), current.signal) });
    } catch (error) {
      if ((error as Error).name === "AbortError") return;
      dispatch({ type: "failed", error: (error as Error).message || MESSAGES.vehicleUnknownError });
    }
  }, [state.plate, state.searching]);

  const answer = useCallback((next: CarDeliveryAnswer) => {
    if (next !== "yes") controller.current?.abort();
    dispatch({ type: "answer", answer: next });
  }, []);

  return {
    state,
    answer,
    setPlate: useCallback((plate: string) => dispatch({ type: "plate", plate }), []),
    search,
    change: useCallback(() => dispatch({ type: "change" }), []),
    /** Yes needs a found vehicle; No is an answer on its own. */
    complete: state.answer === "no" || (state.answer === "yes" && state.vehicle !== null),
  };
}

export type CarDelivery = ReturnType<typeof useCarDelivery>;
