import { lazy, Suspense } from "react";
import { useBuildUpdates } from "./use-build-updates";

// The snackbar's code is only needed on the rare visit that outlives a deploy.
const NewBuildSnackbar = lazy(() => import("./new-build-snackbar"));

/** Offers a reload when the server runs a newer build than this page. */
export function NewBuildNotice({ buildId }: { buildId: string }) {
  const newBuildId = useBuildUpdates(buildId);
  if (newBuildId === null) return null;
  return (
    <Suspense fallback={null}>
      <NewBuildSnackbar />
    </Suspense>
  );
}
