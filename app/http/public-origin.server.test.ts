import { describe, expect, it } from "vitest";
import { readEnv } from "../utils/env.server";
import { publicOriginOf, servedHostsOf } from "./public-origin.server";

describe("the public origin", () => {
  it("is http://localhost on the configured port without APP_URL", () => {
    expect(publicOriginOf(readEnv({}))).toBe("http://localhost:3000");
    expect(publicOriginOf(readEnv({ PORT: "3210" }))).toBe("http://localhost:3210");
    expect(publicOriginOf(readEnv({ PORT: "80" }))).toBe("http://localhost");
  });

  it("is APP_URL's origin when set, whatever its path", () => {
    expect(publicOriginOf(readEnv({ APP_URL: "https://numberlab.example/app/?x=1", PORT: "8080" }))).toBe(
      "https://numberlab.example",
    );
    expect(publicOriginOf(readEnv({ APP_URL: "https://numberlab.example:8443" }))).toBe(
      "https://numberlab.example:8443",
    );
  });
});

describe("the hosts served", () => {
  it("are the loopback names on the server's own port without APP_URL", () => {
    expect([...servedHostsOf(readEnv({ PORT: "3210" }))!].sort()).toEqual([
      "127.0.0.1:3210",
      "[::1]:3210",
      "localhost:3210",
    ]);
    // Browsers leave the default port out of Host.
    expect([...servedHostsOf(readEnv({ PORT: "80" }))!].sort()).toEqual(["127.0.0.1", "[::1]", "localhost"]);
  });

  it("are any host with APP_URL, since no address the app hands out depends on the request", () => {
    expect(servedHostsOf(readEnv({ APP_URL: "https://numberlab.example" }))).toBeNull();
  });
});
