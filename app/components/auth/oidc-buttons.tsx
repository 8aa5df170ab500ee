import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import { Form, useNavigation } from "react-router";

export interface OidcButtonsProps {
  providers: { id: string; name: string }[];
  /** "sign-in" on the login page; "link" on the profile, to add a provider to the signed-in account. */
  intent: "sign-in" | "link";
  /** Where to land after signing in (a same-site path). */
  redirectTo: string;
}

/**
 * One button per OpenID provider, each a POST form: the server starts the
 * flow and sends the browser on to the provider.
 */
export function OidcButtons({ providers, intent, redirectTo }: OidcButtonsProps) {
  const navigation = useNavigation();
  if (providers.length === 0) return null;
  return (
    <Stack spacing={1.5}>
      {providers.map((provider) => {
        const action = `/auth/oidc/${provider.id}`;
        const busy = navigation.state !== "idle" && navigation.formAction === action;
        return (
          <Form key={provider.id} method="post" action={action}>
            <input type="hidden" name="intent" value={intent} />
            <input type="hidden" name="redirectTo" value={redirectTo} />
            <Button
              type="submit"
              variant="outlined"
              color="inherit"
              size={intent === "sign-in" ? "large" : "medium"}
              fullWidth={intent === "sign-in"}
              disabled={busy}
            >
              {intent === "link" ? `Link ${provider.name}` : `Continue with ${provider.name}`}
            </Button>
          </Form>
        );
      })}
    </Stack>
  );
}
