import { afterEach, expect, test } from "vitest";
import { routeRulesClientMiddleware, setClientRouteRules } from "./client-route-rules";

afterEach(() => setClientRouteRules([]));

function navigateTo(path: string): Response | undefined {
  try {
    routeRulesClientMiddleware({ request: new Request(`http://localhost${path}`) });
    return undefined;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

test("a navigation to a rule's path is redirected on the client, keeping the query; others pass", () => {
  expect(navigateTo("/prime-factorization-engine-copy")).toBeUndefined();
  setClientRouteRules([{ from: "/prime-factorization-engine-copy", to: "/prime-factorization-engine", status: 301 }]);
  const redirect = navigateTo("/prime-factorization-engine-copy/?n=91");
  expect(redirect?.status).toBe(301);
  expect(redirect?.headers.get("Location")).toBe("/prime-factorization-engine?n=91");
  expect(navigateTo("/prime-factorization-engine")).toBeUndefined();
});
