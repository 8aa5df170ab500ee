import { CacheProvider } from "@emotion/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { preloadWidgetsIn } from "./components/lesson-widgets/widget-chunks";
import { createEmotionCache } from "./theme/emotion-cache";

const cache = createEmotionCache();

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
