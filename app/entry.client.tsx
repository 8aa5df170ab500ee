import { CacheProvider } from "@emotion/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { preloadWidgetsIn } from "./components/lesson-widgets/widget-chunks";
import { installChunkLoadRecovery } from "./offline/chunk-load-recovery.client";
import { createEmotionCache } from "./theme/emotion-cache";

const cache = createEmotionCache();

// First, so a chunk that fails while the widgets preload or hydration runs is already recovered from.
installChunkLoadRecovery();

function hydrate() {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <CacheProvider value={cache}>
          <HydratedRouter />
        </CacheProvider>
      </StrictMode>,
    );
  });
}

// A chunk that fails to load is not fatal here: its widget loads lazily later and shows the error then.
preloadWidgetsIn(document)
  .catch((error: unknown) => console.error("Preloading lesson widgets failed", error))
  .finally(hydrate);
