import { createContext, useContext } from "react";

/**
 * The CSP nonce of the current document. It exists only during server
 * rendering; browsers hide nonce attributes from scripts, so the client sees "".
 */
const NonceContext = createContext("");

export const NonceProvider = NonceContext.Provider;

export function useNonce(): string {
  return useContext(NonceContext);
}
