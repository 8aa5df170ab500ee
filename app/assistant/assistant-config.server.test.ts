import { describe, expect, it } from "vitest";
import { readEnv } from "#app/utils/env.server";
import { assistantEndpoint, endpointSummary } from "./assistant-config.server";

function problem(source: NodeJS.ProcessEnv): string {
  try {
    readEnv(source);
    return "";
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

describe("the assistant's configuration", () => {
  it("is off without its variables, and on with a base URL and a model, the key optional", () => {
    expect(assistantEndpoint(readEnv({}))).toBeNull();
    expect(
      assistantEndpoint(readEnv({ ASSISTANT_BASE_URL: "", ASSISTANT_MODEL: "", ASSISTANT_API_KEY: "" })),
    ).toBeNull();
    expect(
      assistantEndpoint(readEnv({ ASSISTANT_BASE_URL: "http://127.0.0.1:8080/v1", ASSISTANT_MODEL: " local " })),
    ).toEqual({ baseUrl: "http://127.0.0.1:8080/v1", apiKey: null, model: "local" });
    expect(
      assistantEndpoint(
        readEnv({
          ASSISTANT_BASE_URL: "https://api.openai.com/v1",
          ASSISTANT_MODEL: "gpt-4o-mini",
          ASSISTANT_API_KEY: "sk-abc",
        }),
      ),
    ).toEqual({ baseUrl: "https://api.openai.com/v1", apiKey: "sk-abc", model: "gpt-4o-mini" });
  });

  it("refuses half a configuration and bad values, naming the variable, never echoing the key", () => {
    expect(problem({ ASSISTANT_BASE_URL: "https://api.openai.com/v1" })).toContain(
      "ASSISTANT_MODEL: set ASSISTANT_BASE_URL and ASSISTANT_MODEL together",
    );
    expect(problem({ ASSISTANT_MODEL: "gpt-4o-mini" })).toContain(
      "ASSISTANT_MODEL: set ASSISTANT_BASE_URL and ASSISTANT_MODEL together",
    );
    expect(problem({ ASSISTANT_API_KEY: "sk-lonely-key" })).toContain(
      "ASSISTANT_API_KEY: ASSISTANT_API_KEY is for the endpoint",
    );
    expect(problem({ ASSISTANT_BASE_URL: "ftp://models.example/v1", ASSISTANT_MODEL: "m" })).toContain(
      "ASSISTANT_BASE_URL: must be an http:// or https:// URL",
    );
    expect(problem({ ASSISTANT_BASE_URL: "https://user:pw@models.example/v1", ASSISTANT_MODEL: "m" })).toContain(
      "must not hold a user name or password",
    );
    const spaced = problem({
      ASSISTANT_BASE_URL: "https://models.example/v1",
      ASSISTANT_MODEL: "m",
      ASSISTANT_API_KEY: "sk has spaces",
    });
    expect(spaced).toContain("ASSISTANT_API_KEY: must be one word");
    expect(spaced).not.toContain("sk has spaces");
  });

  it("shows where the endpoint is and which model, without the key or a query string", () => {
    expect(
      endpointSummary({
        baseUrl: "https://models.example/openai/v1/?api-version=1&token=x",
        apiKey: "sk-1",
        model: "m",
      }),
    ).toEqual({ address: "https://models.example/openai/v1", model: "m", withKey: true });
  });
});
