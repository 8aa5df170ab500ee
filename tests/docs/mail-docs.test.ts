import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const read = (file: string) => readFileSync(new URL(`../../${file}`, import.meta.url), "utf8");

/** The text of a Markdown section, from its heading to the next heading of the same level. */
function section(markdown: string, heading: string): string {
  const start = markdown.indexOf(`${heading}\n`);
  if (start < 0) throw new Error(`no section "${heading}"`);
  const level = heading.split(" ")[0]!;
  const next = markdown.indexOf(`\n${level} `, start + heading.length);
  return markdown.slice(start, next < 0 ? undefined : next);
}

const readme = read("README.md");
const configuring = read("docs/configuring.md");

describe("where mail goes, as the docs tell a new operator", () => {
  it("the README's quick start says the default install logs mail and keeps it in /admin/mailbox until SMTP_URL is set", () => {
    const quickStart = section(readme, "## Quick start");
    expect(quickStart).toContain("server log");
    expect(quickStart).toContain("`/admin/mailbox`");
    expect(quickStart).toContain("`SMTP_URL`");
    expect(quickStart).toContain("docs/configuring.md#mail");
  });

  it("the configuration guide says how an administrator reads the mailbox and how to set SMTP_URL", () => {
    const mail = section(configuring, "## Mail");
    expect(mail).toContain("`/admin/mailbox`");
    expect(mail).toMatch(/smtps:\/\/\S+:465/);
    expect(mail).toMatch(/smtp:\/\/\S+:587/);
    expect(mail).toContain("`MAIL_FROM`");
  });

  it("names only pages and settings that exist", () => {
    const routes = read("app/routes.ts");
    const env = read("app/utils/env.server.ts");
    for (const text of [readme, configuring]) {
      for (const [, path] of text.matchAll(/`\/(admin\/[\w/-]+)`/g)) expect(routes, path).toContain(`"${path}"`);
      for (const [, name] of text.matchAll(/`((?:SMTP|MAIL)_[A-Z_]+)`/g)) expect(env, name).toContain(`${name}:`);
    }
  });
});
