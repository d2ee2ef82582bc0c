import { lazy, Suspense } from "react";
import { useWaitingUpdate } from "./update-store";

// If the code cannot load (say, offline with an old cache), there is simply no offer: never a broken layout.
const UpdateBanner = lazy(() =>
  import("./UpdateBanner").then(
    (module) => ({ default: module.UpdateBanner }),
    () => ({ default: () => null }),
  ),
);

/** The update offer's code loads only once a new version is actually waiting. */
export function WaitingUpdateBanner() {
  if (!useWaitingUpdate()) return null;
  return (
    <Suspense fallback={null}>
      <UpdateBanner />
    </Suspense>
  );
}
