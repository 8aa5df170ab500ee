import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const read = (file: string) => readFileSync(new URL(`../../${file}`, import.meta.url), "utf8");

const running = read("docs/running.md");
const start = running.indexOf("## N instances behind a reverse proxy\n");
const guide = running.slice(start, running.indexOf("\n## ", start + 1));

/** The body of the guide's fenced block in `language`. */
function block(language: string): string {
  const found = new RegExp("```" + language + "\\n([\\s\\S]*?)```").exec(guide);
  if (!found) throw new Error(`no ${language} block in the section`);
  return found[1]!;
}

describe("docs/running.md, N instances behind a reverse proxy", () => {
  it("names only settings that exist, and every one the instances must share", () => {
    expect(start).toBeGreaterThan(0);
    const env = read("app/utils/env.server.ts");
    for (const [, name] of guide.matchAll(/`(?!SIG)([A-Z][A-Z_]+)(?:=[^`]*)?`/g))
      expect(env, name).toContain(`${name}:`);
    for (const shared of [
      "DATABASE_URL",
      "SESSION_SECRET",
      "VAPID_PUBLIC_KEY",
      "VAPID_PRIVATE_KEY",
      "APP_URL",
      "TRUST_PROXY",
    ]) {
      expect(guide, shared).toContain(`\`${shared}`);
    }
  });

  it("points the proxies' health checks at the health route, and names the test that holds it", () => {
    expect(read("app/routes.ts")).toContain('route("healthz"');
    expect(block("caddyfile")).toContain("health_uri /healthz");
    expect(guide).toContain("GET /healthz");
    const spec = /`(tests\/e2e\/[\w-]+\.spec\.ts)`/.exec(guide)?.[1];
    expect(spec && existsSync(new URL(`../../${spec}`, import.meta.url))).toBe(true);
  });

  it("gives nginx the headers the app reads behind a trusted proxy, and every instance of the example", () => {
    const nginx = block("nginx");
    expect(nginx).toContain("proxy_set_header Host $http_host;");
    expect(nginx).toContain("proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;");
    expect(nginx).toContain("proxy_set_header X-Forwarded-Proto $scheme;");
    const ports = [...block("sh").matchAll(/\b(30\d\d)\b/g)].map((match) => match[1]);
    expect(ports).toHaveLength(3);
    for (const port of ports) {
      expect(nginx).toContain(`server 127.0.0.1:${port} `);
      expect(block("caddyfile")).toContain(`127.0.0.1:${port}`);
    }
  });

  it("states the settings cache's lifetime as the code has it", async () => {
    const { SETTINGS_CACHE_TTL_MS } = await import("#app/settings/current-settings.server");
    expect(guide).toContain(`within ${SETTINGS_CACHE_TTL_MS / 1000} seconds`);
  });
});
