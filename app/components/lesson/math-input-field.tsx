import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useEffect, useRef, useState } from "react";
import { loadMathLive } from "../math/load-mathlive.client";

type MathfieldLike = HTMLElement & { value: string };

/**
 * A maths input field (MathLive's <math-field>): type maths as you would write
 * it and insert its LaTeX into the text. MathLive is a browser-only module, so
 * it is loaded after hydration (../math/load-mathlive.client.ts).
 */
export function MathInputField({ insert }: { insert: (before: string, after?: string) => void }) {
  const host = useRef<HTMLDivElement>(null);
  const field = useRef<MathfieldLike | null>(null);
  const [state, setState] = useState<"loading" | "ready" | "failed">("loading");

  useEffect(() => {
    let cancelled = false;
    loadMathLive()
      .then(({ MathfieldElement }) => {
        if (cancelled || !host.current) return;
        const element = new MathfieldElement();
        element.setAttribute("aria-label", "Maths input");
        element.style.width = "100%";
        element.style.fontSize = "1.25rem";
        host.current.replaceChildren(element);
        field.current = element;
        setState("ready");
      })
      .catch((error: unknown) => {
        console.warn("The maths input field could not load:", error);
        if (!cancelled) setState("failed");
      });
    return () => {
      cancelled = true;
    };
  }, []);

  const insertFormula = (display: boolean) => {
    const latex = field.current?.value.trim();
    if (!latex) return;
    insert(display ? `$$\n${latex}\n$$` : `$${latex}$`);
  };

  return (
    <Box component="section" aria-labelledby="math-input-heading" sx={{ mb: 2 }}>
      <Typography id="math-input-heading" variant="overline" component="h2" color="text.secondary">
        Maths input
      </Typography>
      <Box ref={host} sx={{ minHeight: 48, border: 1, borderColor: "divider", borderRadius: 1, p: 0.5 }}>
        <Typography color="text.secondary" sx={{ p: 1 }}>
          {state === "failed"
            ? "The maths input could not load; type LaTeX in the text instead."
            : "Loading the maths input…"}
        </Typography>
      </Box>
      <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
        <Button size="small" variant="outlined" disabled={state !== "ready"} onClick={() => insertFormula(false)}>
          Insert in the text
        </Button>
        <Button size="small" variant="outlined" disabled={state !== "ready"} onClick={() => insertFormula(true)}>
          Insert on its own line
        </Button>
      </Stack>
    </Box>
  );
}
