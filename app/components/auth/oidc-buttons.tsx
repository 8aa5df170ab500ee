import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import { Form, useNavigation } from "react-router";

/**
 * "sign-in" on the login page, landing on `redirectTo` (a same-site path);
 * "link" on the profile, to add a provider to the signed-in account, which
 * always returns to the profile.
 */
export type OidcButtonsProps = { providers: { id: string; name: string }[] } & (
  { intent: "sign-in"; redirectTo: string } | { intent: "link" }
);

/**
 * One button per OpenID provider, each a POST form: the server starts the
 * flow and sends the browser on to the provider.
 */
export function OidcButtons(props: OidcButtonsProps) {
  const { providers, intent } = props;
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
            {props.intent === "sign-in" && <input type="hidden" name="redirectTo" value={props.redirectTo} />}
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
