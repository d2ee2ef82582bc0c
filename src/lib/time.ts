import { brand } from "./brand";

// Made on first use (see lib/money.ts): modules loaded behind the first screen cost nothing until they format.
let times: Intl.DateTimeFormat | undefined;
let dates: Intl.DateTimeFormat | undefined;
const timeFormatter = () =>
  (times ??= new Intl.DateTimeFormat(brand.locale, {
    timeZone: brand.timezone,
    hour: "2-digit",
    minute: "2-digit",
    // 24-hour whatever the device's locale (an Android web view set to en-US would say 9:00 PM).
    hourCycle: "h23",
  }));
const dateFormatter = () =>
  (dates ??= new Intl.DateTimeFormat(brand.locale, {
    timeZone: brand.timezone,
    day: "numeric",
    month: "short",
    year: "numeric",
  }));

/** '14:05' in Europe/London. */
export const formatTime = (value: Date | string | number) =>
  timeFormatter().format(new Date(value));
/** '22 Nov 2026' in Europe/London. */
export const formatDate = (value: Date | string | number) =>
  dateFormatter().format(new Date(value));
