import { z } from "zod";

/** One third-party OpenID Connect provider people may sign in with. */
export interface OidcProviderConfig {
  /** Lower-case id used in URLs and stored with each linked identity, e.g. "google". */
  id: string;
  /** Shown on buttons: "Continue with {name}". */
  name: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
}

const providerId = /^[a-z][a-z0-9-]{0,31}$/;

const providerSchema = z.object({
  ISSUER: z.url("must be the provider's issuer URL, e.g. https://accounts.google.com"),
  CLIENT_ID: z.string().min(1, "is required"),
  CLIENT_SECRET: z.string().min(1, "is required"),
  NAME: z.string().min(1).max(40).optional(),
});

/**
 * Reads the providers from the environment: OIDC_PROVIDERS lists their ids
 * ("google,microsoft"), and each id has OIDC_<ID>_ISSUER, _CLIENT_ID,
 * _CLIENT_SECRET and optionally _NAME (the id upper-cased, "-" as "_").
 * Throws one message naming every problem.
 */
export function readOidcProviders(source: Record<string, string | undefined>): OidcProviderConfig[] {
  const list = source.OIDC_PROVIDERS?.trim();
  if (!list) return [];
  const problems: string[] = [];
  const providers: OidcProviderConfig[] = [];
  const seen = new Set<string>();
  for (const raw of list.split(",")) {
    const id = raw.trim().toLowerCase();
    if (!providerId.test(id)) {
      problems.push(
        `  OIDC_PROVIDERS: "${raw.trim()}" is not a valid id (letters, digits and "-", starting with a letter)`,
      );
      continue;
    }
    if (seen.has(id)) {
      problems.push(`  OIDC_PROVIDERS: "${id}" is listed twice`);
      continue;
    }
    seen.add(id);
    const prefix = `OIDC_${id.toUpperCase().replaceAll("-", "_")}_`;
    const parsed = providerSchema.safeParse({
      ISSUER: source[`${prefix}ISSUER`] || undefined,
      CLIENT_ID: source[`${prefix}CLIENT_ID`] || undefined,
      CLIENT_SECRET: source[`${prefix}CLIENT_SECRET`] || undefined,
      NAME: source[`${prefix}NAME`] || undefined,
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const message = issue.code === "invalid_type" ? "is required" : issue.message;
        problems.push(`  ${prefix}${issue.path.join(".")}: ${message}`);
      }
      continue;
    }
    providers.push({
      id,
      name: parsed.data.NAME ?? id.charAt(0).toUpperCase() + id.slice(1),
      issuer: parsed.data.ISSUER,
      clientId: parsed.data.CLIENT_ID,
      clientSecret: parsed.data.CLIENT_SECRET,
    });
  }
  if (problems.length > 0) throw new Error(`Invalid OpenID Connect settings:\n${problems.join("\n")}`);
  return providers;
}

let cached: OidcProviderConfig[] | undefined;

/**
 * The configured providers. Invalid settings are logged and leave third-party
 * sign-in off (SPEC.md §3: a third party that fails to initialise must not
 * stop the app); every other way to sign in keeps working.
 */
export function getOidcProviders(): OidcProviderConfig[] {
  if (!cached) {
    try {
      cached = readOidcProviders(process.env);
    } catch (error) {
      console.warn(`${error instanceof Error ? error.message : String(error)}\nThird-party sign-in is off.`);
      cached = [];
    }
  }
  return cached;
}

/** The configured provider with this id (from a URL or a stored flow), if any. */
export function findOidcProvider(id: string): OidcProviderConfig | undefined {
  return getOidcProviders().find((provider) => provider.id === id);
}

/**
 * Where a sign-in button's form may lead: the providers' origins, for the
 * form-action policy. Invalid settings give none (the app reports them).
 * The issuer's origin is assumed to be the authorization endpoint's; a
 * provider that puts it elsewhere works only with JavaScript (docs/configuring.md).
 */
export function oidcFormActionOrigins(source: Record<string, string | undefined>): string[] {
  try {
    return [...new Set(readOidcProviders(source).map((provider) => new URL(provider.issuer).origin))];
  } catch {
    return [];
  }
}

/** What pages may show about the providers: never the secrets. */
export function publicOidcProviders(): { id: string; name: string }[] {
  return getOidcProviders().map(({ id, name }) => ({ id, name }));
}
