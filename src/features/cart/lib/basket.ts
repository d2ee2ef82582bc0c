/** The id of a trailer's section on /cart: /cart#vendor-3 opens the cart at that trailer. */
export const sectionAnchor = (vendorId: number) => `vendor-${vendorId}`;
