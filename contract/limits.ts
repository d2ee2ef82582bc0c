/** Business constants of the product spec (docs/product-spec.md § Business constants and limits), in one place for client and server. */
export const TEXT_LIMIT = 500;
export const PLATE_MAX_LENGTH = 8;
export const PASSWORD_MIN_LENGTH = 8;
export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;
export const PASSWORD_MAX_LENGTH = 200;
export const ADDON_QUANTITY_PER_SELECTION = 1;
export const VENDOR_PAGE_SIZE = 20;
export const VENDOR_PAGE_SIZE_MAX = 100;
export const CATEGORY_CHIPS_SHOWN = 4;
export const ORDER_ITEMS_SHOWN_PER_CARD = 2;

export const TOKEN_DEFAULT_EXPIRY_MS = 24 * 60 * 60 * 1000;
export const TOKEN_VALIDATION_CACHE_MS = 5 * 60 * 1000;
export const TOKEN_REFRESH_THRESHOLD_MS = 10 * 60 * 1000;

export const PAYMENT_POLL_INTERVAL_MS = 2000;
export const PAYMENT_POLL_MAX_MS = 10 * 60 * 1000;
export const MOCK_PAYMENT_DELAY_MS = 3000;
export const PAYMENT_SUCCESS_COUNTDOWN_S = 3;
export const TEST_AUTO_LOGIN_REDIRECT_MS = 2000;

export const ORDERS_REFRESH_MS = 30_000;
export const UPDATED_LABEL_REFRESH_MS = 60_000;
export const SOCKET_PING_MS = 30_000;
export const SOCKET_RECONNECT_ATTEMPTS = 5;
export const SOCKET_RECONNECT_DELAY_MS = 1000;
export const SOCKET_RECONNECT_DELAY_MAX_MS = 5000;
export const NOTIFICATIONS_KEPT = 10;

export const ADDON_CACHE_MS = 5 * 60 * 1000;
export const ADDON_RETRIES = 3;
export const ADDON_RETRY_DELAY_MS = 1000;

/** Most of one configuration (cart line) a customer can hold; the cart requests' `quantity` bound. */
export const CART_LINE_QUANTITY_MAX = 50;
/** Most add-ons one request may choose for a line (and one order-payload group may carry). */
export const ADDON_SELECTIONS_MAX = 50;
