import { lazy, Suspense, useEffect, useState } from "react";
import { createPath, useNavigation } from "react-router";
import {
  dismissChunkLoadFailure,
  retryAfterChunkLoadFailure,
  useUnrecoveredChunkLoadFailure,
} from "#app/offline/chunk-load-failure";
import { useOfflineSupport } from "#app/offline/use-offline-support";
import { updateController, useUpdateSnapshot } from "#app/offline/update-prompt";
import { ChunkLoadError } from "./chunk-load-error";

const loadUpdatePrompts = () => import("./update-prompts");
const UpdatePrompts = lazy(loadUpdatePrompts);

/**
 * The page's offline and update notices (docs/offline.md), in the layout so error pages have them too.
 * `buildId` is the build that rendered the page.
 */
export function OfflineShell({ buildId }: { buildId: string | undefined }) {
  useOfflineSupport(buildId);
  const snapshot = useUpdateSnapshot();
  const chunkLoadFailed = useUnrecoveredChunkLoadFailure();
  const navigation = useNavigation();
  // Mounted from the first notice on, so a notice that closes plays its exit transition.
  const [promptsMounted, setPromptsMounted] = useState(false);
  if (!promptsMounted && (snapshot.prompt !== "hidden" || snapshot.offlineReady)) setPromptsMounted(true);
  // The prompts' code is loaded now, while this build's chunks are still on the server: the prompt
  // that offers the next build must not need a chunk that build removed.
  useEffect(() => {
    loadUpdatePrompts().catch(() => undefined);
  }, []);

  return (
    <>
      {promptsMounted && (
        <Suspense fallback={null}>
          <UpdatePrompts
            snapshot={snapshot}
            onReload={updateController.accept}
            onReloadAnyway={updateController.reloadAnyway}
            onDismiss={updateController.dismiss}
            onDismissOfflineReady={updateController.dismissOfflineReady}
          />
        </Suspense>
      )}
      {chunkLoadFailed && (
        <ChunkLoadError
          onRetry={() => retryAfterChunkLoadFailure(navigation.location && createPath(navigation.location))}
          onClose={dismissChunkLoadFailure}
        />
      )}
    </>
  );
}
