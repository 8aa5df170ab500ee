import { describe, expect, it } from "vitest";
import { readEnv } from "./env.server";

/** The error message readEnv throws for `source`, or "" when it accepts it. */
function problem(source: NodeJS.ProcessEnv): string {
  try {
    readEnv(source);
    return "";
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

describe("readEnv", () => {
  it("fills in the defaults when nothing is set", () => {
    expect(readEnv({})).toEqual({
      NODE_ENV: "development",
      PORT: 3000,
      DATA_DIR: "data",
      LOG_REQUESTS: "true",
      MAIL_FROM: "Numberlab <no-reply@localhost>",
    });
  });

  it("treats empty strings as unset", () => {
    const env = readEnv({
      NODE_ENV: "",
      PORT: "",
      HOST: "",
      DATA_DIR: "",
      DATABASE_URL: "",
      SESSION_SECRET: "",
      APP_URL: "",
      TRUST_PROXY: "",
      LOG_REQUESTS: "",
      SMTP_URL: "",
      MAIL_FROM: "",
    });
    expect(env).toEqual({
      NODE_ENV: "development",
      PORT: 3000,
      DATA_DIR: "data",
      LOG_REQUESTS: "true",
      MAIL_FROM: "Numberlab <no-reply@localhost>",
    });
  });

  it("reads every setting when given", () => {
    const given = {
      NODE_ENV: "production",
      PORT: "8080",
      HOST: "127.0.0.1",
      DATA_DIR: "/var/lib/numberlab",
      DATABASE_URL: "postgres://app@db:5432/numberlab",
      SESSION_SECRET: "s".repeat(32),
      APP_URL: "https://numberlab.example",
      TRUST_PROXY: "1",
      LOG_REQUESTS: "false",
      SMTP_URL: "smtps://mailer:pw@smtp.example.org:465",
      MAIL_FROM: "Numberlab <hello@numberlab.example>",
    };
    // Every value comes back as given; only the port becomes a number.
    expect(readEnv(given)).toEqual({ ...given, PORT: 8080 });
  });

  it("refuses an SMTP_URL that is not smtp:// or smtps://", () => {
    expect(() => readEnv({ SMTP_URL: "http://mail.example.org" })).toThrow(
      /SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL/,
    );
  });

  it("ignores unrelated variables", () => {
    expect(readEnv({ PATH: "/usr/bin", HOME: "/root" })).not.toHaveProperty("PATH");
  });

  it("accepts port 0 (any free port) and 65535", () => {
    expect(readEnv({ PORT: "0" }).PORT).toBe(0);
    expect(readEnv({ PORT: "00080" }).PORT).toBe(80);
    expect(readEnv({ PORT: "65535" }).PORT).toBe(65535);
  });

  it.each(["abc", "-1", "65536", "3000.5", "80x", "1e9", "   ", " 80"])("refuses PORT=%s and names it", (port) => {
    const message = problem({ PORT: port });
    expect(message).toContain("Invalid environment settings");
    expect(message).toMatch(/\bPORT\b/);
  });

  it.each(["postgres://user@host/db", "postgresql://user:pw@host:5432/db"])("accepts DATABASE_URL=%s", (url) => {
    expect(readEnv({ DATABASE_URL: url }).DATABASE_URL).toBe(url);
  });

  it.each(["mysql://user@host/db", "sqlite:data/app.sqlite", "data/numberlab.sqlite", " postgres://host/db"])(
    "refuses DATABASE_URL=%j with a message naming DATABASE_URL",
    (url) => {
      const message = problem({ DATABASE_URL: url });
      expect(message).toContain("DATABASE_URL");
      expect(message).toContain("postgres://");
    },
  );

  it("refuses a SESSION_SECRET shorter than 32 characters and accepts 32", () => {
    const message = problem({ SESSION_SECRET: "s".repeat(31) });
    expect(message).toContain("SESSION_SECRET");
    expect(message).toContain("32");
    expect(readEnv({ SESSION_SECRET: "s".repeat(32) }).SESSION_SECRET).toHaveLength(32);
  });

  it("refuses an APP_URL that is not http or https", () => {
    for (const appUrl of ["ftp://numberlab.example", "javascript:alert(1)", "numberlab.example"]) {
      expect(problem({ APP_URL: appUrl }), appUrl).toContain("APP_URL: must be an http:// or https:// URL");
    }
    expect(readEnv({ APP_URL: "http://10.0.0.5:3000" }).APP_URL).toBe("http://10.0.0.5:3000");
  });

  it("refuses an unknown NODE_ENV, a bad APP_URL and a bad LOG_REQUESTS, naming each", () => {
    const message = problem({ NODE_ENV: "staging", APP_URL: "not a url", LOG_REQUESTS: "yes" });
    expect(message).toContain("NODE_ENV");
    expect(message).toContain("APP_URL");
    expect(message).toContain("LOG_REQUESTS");
  });

  it("reports every problem at once, one per line", () => {
    const message = problem({ PORT: "nope", DATABASE_URL: "mysql://x", SESSION_SECRET: "short" });
    const lines = message.split("\n").slice(1);
    expect(lines).toHaveLength(3);
    expect(lines.join("\n")).toMatch(/PORT[\s\S]*DATABASE_URL|DATABASE_URL[\s\S]*PORT/);
    expect(lines.some((line) => line.includes("SESSION_SECRET"))).toBe(true);
  });

  it("does not echo the rejected secret in the error message", () => {
    expect(problem({ SESSION_SECRET: "hunter2-short" })).not.toContain("hunter2-short");
  });
});
