import { useFetcher } from "react-router";

interface ProfileActionResult {
  intent: string;
  ok: boolean;
  message?: string;
  errors: Partial<Record<string, string>>;
}

/**
 * A fetcher for one profile form, keyed by its intent so each form keeps its
 * own pending state and message; the page's data revalidates after each.
 */
export function useProfileForm(intent: string) {
  const fetcher = useFetcher<ProfileActionResult>({ key: `profile-${intent}` });
  const result = fetcher.data?.intent === intent ? fetcher.data : undefined;
  return {
    fetcher,
    busy: fetcher.state !== "idle",
    errors: result?.errors ?? {},
    message: result?.ok ? result.message : undefined,
  };
}
