import type { ImgHTMLAttributes, SyntheticEvent } from "react";

export const PLACEHOLDER_ITEM_IMAGE = "/images/placeholder-item.svg";

/**
 * A picture that cannot load (offline, never seen, so not in the worker's cache) shows the placeholder, not a
 * broken image.
 */
const showPlaceholder = (event: SyntheticEvent<HTMLImageElement>) => {
  const image = event.currentTarget;
  if (!image.src.endsWith(PLACEHOLDER_ITEM_IMAGE)) image.src = PLACEHOLDER_ITEM_IMAGE;
};

type ItemImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, "src" | "alt" | "onError"> & {
  /** The item's image; none (null or "") shows the placeholder. */
  src: string | null | undefined;
};

/** A menu item's picture (decorative: the name is beside it), falling back to the placeholder. */
export function ItemImage({ src, ...image }: ItemImageProps) {
  return <img src={src || PLACEHOLDER_ITEM_IMAGE} alt="" onError={showPlaceholder} {...image} />;
}
