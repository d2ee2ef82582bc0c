import { brand } from "./brand";

const timeFormatter = new Intl.DateTimeFormat(brand.locale, {
  timeZone: brand.timezone,
  hour: "2-digit",
  minute: "2-digit",
});
const dateFormatter = new Intl.DateTimeFormat(brand.locale, {
  timeZone: brand.timezone,
  day: "numeric",
  month: "short",
  year: "numeric",
});

/** '14:05' in Europe/London. */
export const formatTime = (value: Date | string | number) => timeFormatter.format(new Date(value));
/** '22 Nov 2026' in Europe/London. */
export const formatDate = (value: Date | string | number) => dateFormatter.format(new Date(value));
