import type { Vendor } from "@contract/vendors";

/** A trailer as the list answers it: open, rated 4, 10–15 minutes, £10–£20, unless `extra` says otherwise. */
export const vendor = (id: number, name: string, extra: Partial<Vendor> = {}): Vendor => ({
  id,
  name,
  logo: `/images/vendors/${id}-logo.webp`,
  image: `/images/vendors/${id}-hero.webp`,
  status: "open",
  description: `${name} food`,
  rating: 4,
  preparationTime: { min: 10, max: 15 },
  priceCategory: "10_to_20",
  phone: null,
  email: null,
  ...extra,
});
