import createCache from "@emotion/cache";

/** One key on server and client, so the client adopts the server's style tags. */
export function createEmotionCache(nonce?: string) {
  return createCache({ key: "mui", nonce });
}
