/** Every user-facing message of the spec (sections 2, 5 and 8), verbatim. */
export const MESSAGES = {
  loginFailed: "Login failed",
  loginFailedScreen: "Login failed. Please try again.",
  networkError: "Network error occurred",
  profileFailed: "Failed to get user profile",
  useAuthOutsideProvider: "useAuth must be used within an AuthProvider",
  fetchFailed: "An error occurred while fetching data",
  postFailed: "An error occurred while posting data",
  updateFailed: "An error occurred while updating data",
  deleteFailed: "An error occurred while deleting data",

  signupAllRequired: "All fields are required",
  signupPasswordsMismatch: "Passwords do not match",
  signupPasswordTooShort: "Password must be at least 8 characters long",
  signupTermsRequired: "You must accept the terms and conditions",
  registrationFailed: "Registration failed",
  registrationFailedScreen: "Registration failed. Please try again.",

  addToCartSuccess: "Item added to cart successfully",
  addToCartFailed: "Failed to add item to cart",
  cartUpdateFailed: "Failed to update cart",
  cartCleared: "Cart cleared successfully",
  cartClearFailed: "Failed to clear cart",
  deliveryInstructionsSaved: "Delivery instructions saved successfully",
  deliveryInstructionsFailed: "Failed to save instructions",
  deliveryInstructionsRequired: "Please enter delivery instructions",
  allergySaved: "Allergy information saved successfully",
  allergyFailed: "Failed to save allergy information",
  requiredAddonsToast: "Please select the required add-ons to add this item to your cart",

  paymentIntentFailed: "Failed to create payment intent",
  paymentFailed: "Payment failed",
  paymentCancelledOrFailed: "Payment was cancelled or failed. Please try again.",
  paymentPageFailed: "Failed to open payment page",
  paymentCancelledByUser: "Payment cancelled by user",
  paymentMethodRequired: "Please select a payment method",
  noVendorSelected: "No vendor selected",
  paymentMissingOrder: "Missing orderData or orderId. Please go back to cart and try again.",
  invalidPaymentUrl: "Invalid payment URL. Please try again.",
  cashOrderFailed: "Failed to place order",
  /** Beyond the spec: production without Stripe keys (and not in test-payments mode). */
  cardPaymentsUnavailable:
    "Card payments are not available right now. Please pay cash at the counter.",

  vehicleUnknownError: "Unknown error",
  vehicleNotFound: "Vehicle not found. Please check the registration number.",
  vehicleFetchFailed: "Failed to fetch vehicle details.",

  paymentVerifyFailed: "Unable to verify order status. Please contact support.",
  orderConfirmationFailed: "Failed to load order details",

  vendorLoadFailed: "Vendor not found or failed to load.",
  menuLoadFailed: "Failed to load menu items.",
  itemLoadFailed: "Item not found or failed to load.",
} as const;

/** '{group} is required. Please select at least {min} option(s).' */
export function requiredGroupMessage(group: string, min: number): string {
  return `${group} is required. Please select at least ${min} option(s).`;
}

/** The banner (and its label) that says card payments on this server move no real money. */
export const TEST_PAYMENTS_BANNER = "Test payments";
/** What follows the banner's label: "Test payments — card payments move no real money". */
export const TEST_PAYMENTS_BANNER_DETAIL = "card payments move no real money";
