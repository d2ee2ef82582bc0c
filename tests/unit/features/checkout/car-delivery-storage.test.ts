import { expect, it } from "vitest";
import {
  forgetCarDelivery,
  readCarDelivery,
  writeCarDelivery,
} from "@/features/checkout/lib/car-delivery-storage";

class MemoryStorage implements Storage {
  private map = new Map<string, string>();
  get length() {
    return this.map.size;
  }
  clear() {
    this.map.clear();
  }
  getItem(key: string) {
    return this.map.get(key) ?? null;
  }
  key(index: number) {
    return [...this.map.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.map.delete(key);
  }
  setItem(key: string, value: string) {
    this.map.set(key, value);
  }
}

it("keeps the car-delivery answer, plate and vehicle across a reload, until forgotten", () => {
  const store = new MemoryStorage();
  expect(readCarDelivery(store)).toBeNull();
  const vehicle = { registrationNumber: "AB12CDE", make: "Ford", colour: "Blue" };
  writeCarDelivery({ answer: "yes", plate: "AB12CDE", vehicle }, store);
  expect(readCarDelivery(store)).toEqual({ answer: "yes", plate: "AB12CDE", vehicle });
  writeCarDelivery({ answer: "no", plate: "", vehicle: null }, store);
  expect(readCarDelivery(store)?.answer).toBe("no");
  // Placing the order or signing out forgets it (a shared phone's next customer answers afresh).
  forgetCarDelivery(store);
  expect(readCarDelivery(store)).toBeNull();
});

it("treats unreadable saved data as no answer", () => {
  const store = new MemoryStorage();
  store.setItem("carDelivery", "{not json");
  expect(readCarDelivery(store)).toBeNull();
  store.setItem("carDelivery", JSON.stringify({ answer: "maybe", plate: 7 }));
  expect(readCarDelivery(store)).toEqual({ answer: null, plate: "", vehicle: null });
});
