import Box from "@mui/material/Box";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useSearchParams } from "react-router";
import { ComplexWaves } from "#app/components/complex-wave/complex-waves";
import { DomainColouring } from "#app/components/complex-wave/domain-colouring";
import { Page } from "#app/components/page";
import type { Route } from "./+types/complex-wave";

export const meta: Route.MetaFunction = () => [{ title: "Complex functions and complex waves · Numberlab" }];

/**
 * `?f=…` opens the picture on that formula (a case worth showing can be shared as a link);
 * `?renderer=canvas` draws it on the CPU even where WebGL works, to check the fallback.
 */
export default function ComplexWaveLab() {
  const [search] = useSearchParams();
  const formula = search.get("f");
  return (
    <Page
      title="Complex functions and complex waves"
      lead="A function of a complex variable, drawn by colouring each point z of the plane by its value f(z); then waves that are complex exponentials, added up as turning arrows."
      maxWidth="lg"
    >
      <Stack spacing={6}>
        <Box component="section" aria-labelledby="domain-colouring-heading">
          <Typography id="domain-colouring-heading" variant="h4" component="h2" gutterBottom>
            Domain colouring
          </Typography>
          <DomainColouring
            key={formula ?? ""}
            initialFormula={formula ?? undefined}
            forceCanvas={search.get("renderer") === "canvas"}
          />
        </Box>
        <Box component="section" aria-labelledby="complex-waves-heading">
          <Typography id="complex-waves-heading" variant="h4" component="h2" gutterBottom>
            Complex waves
          </Typography>
          <ComplexWaves />
        </Box>
      </Stack>
    </Page>
  );
}
