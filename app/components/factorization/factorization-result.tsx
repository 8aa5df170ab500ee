import CheckCircleOutlinedIcon from "@mui/icons-material/CheckCircleOutlined";
import ContentCopyIcon from "@mui/icons-material/ContentCopy";
import HelpOutlinedIcon from "@mui/icons-material/HelpOutlined";
import WarningAmberOutlinedIcon from "@mui/icons-material/WarningAmberOutlined";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Paper from "@mui/material/Paper";
import Snackbar from "@mui/material/Snackbar";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import type { Factor } from "#core/numtheory/factorization-types";
import { Formula } from "../math/formula";
import { factorizationTex, factorizationText, factorKindLabels } from "./factorization-text";

const kindStyle = {
  prime: { color: "success", icon: <CheckCircleOutlinedIcon /> },
  "probable-prime": { color: "info", icon: <HelpOutlinedIcon /> },
  composite: { color: "error", icon: <WarningAmberOutlinedIcon /> },
} as const;

const kindExplanations: Record<Factor["kind"], string> = {
  prime: "proved prime",
  "probable-prime": "passed strong probable-prime tests, not proved",
  composite: "not split yet",
};

interface FactorizationResultProps {
  /** n with its sign; `factors` are those of |n|. */
  n: bigint;
  factors: readonly Factor[];
}

/** n as a product of prime powers, each factor with what is known about it, and buttons to copy the result. */
export function FactorizationResult({ n, factors }: FactorizationResultProps) {
  const tex = factorizationTex(n, factors);
  return (
    <Box>
      <Paper variant="outlined" sx={{ p: 2, fontSize: { xs: "1.1rem", md: "1.35rem" }, overflowWrap: "anywhere" }}>
        <Formula tex={tex} />
      </Paper>
      <Stack component="ul" spacing={1} sx={{ listStyle: "none", p: 0, my: 2 }} aria-label="Factors">
        {factors.map((factor) => (
          <FactorRow key={factor.value.toString()} factor={factor} />
        ))}
      </Stack>
      <CopyButtons tex={tex.replaceAll("\\allowbreak ", "")} text={factorizationText(n, factors)} />
    </Box>
  );
}

function FactorRow({ factor }: { factor: Factor }) {
  const style = kindStyle[factor.kind];
  const digits = factor.value.toString().length;
  return (
    <Box
      component="li"
      sx={{ display: "flex", gap: 1.5, alignItems: "baseline", flexWrap: "wrap" }}
      data-kind={factor.kind}
    >
      <Chip
        size="small"
        color={style.color}
        icon={style.icon}
        label={factorKindLabels[factor.kind]}
        title={kindExplanations[factor.kind]}
        sx={{ minWidth: 128, justifyContent: "flex-start" }}
      />
      <Box component="span" sx={{ minWidth: 0, flex: "1 1 12rem" }}>
        <Box component="span" sx={{ fontFamily: "monospace", overflowWrap: "anywhere" }}>
          {factor.value.toString()}
          {factor.exponent > 1 && <sup>{factor.exponent}</sup>}
        </Box>
        {digits > 6 && (
          <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 1, whiteSpace: "nowrap" }}>
            ({digits} digits)
          </Typography>
        )}
      </Box>
    </Box>
  );
}

function CopyButtons({ tex, text }: { tex: string; text: string }) {
  const [message, setMessage] = useState<string | null>(null);
  const copy = async (content: string, what: string) => {
    try {
      await navigator.clipboard.writeText(content);
      setMessage(`Copied as ${what}`);
    } catch {
      setMessage("Copying failed: the browser did not allow access to the clipboard");
    }
  };
  return (
    <>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap" }}>
        <Button variant="outlined" color="inherit" startIcon={<ContentCopyIcon />} onClick={() => copy(tex, "LaTeX")}>
          Copy as LaTeX
        </Button>
        <Button variant="outlined" color="inherit" startIcon={<ContentCopyIcon />} onClick={() => copy(text, "text")}>
          Copy as text
        </Button>
      </Stack>
      <Snackbar
        open={message !== null}
        autoHideDuration={4000}
        onClose={() => setMessage(null)}
        message={message}
        anchorOrigin={{ vertical: "bottom", horizontal: "center" }}
      />
    </>
  );
}
