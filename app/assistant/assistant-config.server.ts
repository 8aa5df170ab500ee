import { getEnv, type Env } from "../utils/env.server";

/** The endpoint the assistant talks to, from ASSISTANT_BASE_URL, ASSISTANT_API_KEY and ASSISTANT_MODEL. */
export interface AssistantEndpoint {
  baseUrl: string;
  /** Null for a local server that wants none (llama.cpp, Ollama): no Authorization header is sent. */
  apiKey: string | null;
  model: string;
}

/** The endpoint, or null when the assistant is not configured (env.server.ts checks the variables together). */
export function assistantEndpoint(env: Env = getEnv()): AssistantEndpoint | null {
  if (env.ASSISTANT_BASE_URL === undefined || env.ASSISTANT_MODEL === undefined) return null;
  return { baseUrl: env.ASSISTANT_BASE_URL, apiKey: env.ASSISTANT_API_KEY ?? null, model: env.ASSISTANT_MODEL };
}

/** What the page may show of the endpoint: where it is and which model, never the key or a query string. */
export function endpointSummary(endpoint: AssistantEndpoint): { address: string; model: string; withKey: boolean } {
  const url = new URL(endpoint.baseUrl);
  return {
    address: `${url.origin}${url.pathname.replace(/\/$/, "")}`,
    model: endpoint.model,
    withKey: endpoint.apiKey !== null,
  };
}
