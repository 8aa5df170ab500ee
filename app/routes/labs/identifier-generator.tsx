import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import FormControl from "@mui/material/FormControl";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormLabel from "@mui/material/FormLabel";
import Paper from "@mui/material/Paper";
import Radio from "@mui/material/Radio";
import RadioGroup from "@mui/material/RadioGroup";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useState, type FormEvent } from "react";
import { Page } from "#app/components/page";
import {
  cryptoRandomBytes,
  generateIdentifier,
  IDENTIFIER_KINDS,
  IDENTIFIER_LABELS,
  MAX_IDENTIFIER_COUNT,
  readIdentifier,
  type IdentifierKind,
} from "#app/utils/identifiers";
import type { Route } from "./+types/identifier-generator";

export const meta: Route.MetaFunction = () => [{ title: "Identifier generator · Numberlab" }];

const MONOSPACE = { fontFamily: "ui-monospace, SFMono-Regular, Menlo, Consolas, monospace" };

/** The count as typed, or the reason it cannot be used. */
function readCount(text: string): { count: number } | { error: string } {
  const count = Number(text);
  if (!/^\d+$/.test(text.trim()) || count < 1 || count > MAX_IDENTIFIER_COUNT) {
    return { error: `Enter a whole number from 1 to ${MAX_IDENTIFIER_COUNT}.` };
  }
  return { count };
}

/** What the reader says about a pasted identifier, in words. */
function describe(text: string): string | null {
  if (text.trim() === "") return null;
  const reading = readIdentifier(text);
  const at = (time: number) => new Date(time).toISOString().replace("T", " ").replace("Z", " UTC");
  switch (reading.kind) {
    case "uuid":
      return reading.time === null
        ? `A version ${reading.version} UUID: it carries no time.`
        : `A version 7 UUID, made at ${at(reading.time)}.`;
    case "ulid":
      return `A ULID, made at ${at(reading.time)}.`;
    case "unknown":
      return "Not a UUID or a ULID: a UUID is 32 hexadecimal digits in groups of 8-4-4-4-12, a ULID 26 letters of Crockford's base 32.";
  }
}

/**
 * Identifiers for content, fixtures and tests, made in this browser (nothing reaches the server): the
 * time-ordered kinds sort by when they were made, and the reader tells the time back from one.
 */
export default function IdentifierGenerator() {
  const [kind, setKind] = useState<IdentifierKind>("uuid-v7");
  const [countText, setCountText] = useState("5");
  const [countError, setCountError] = useState<string | null>(null);
  const [identifiers, setIdentifiers] = useState<string[]>([]);
  const [copyMessage, setCopyMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [pasted, setPasted] = useState("");

  function generate(event: FormEvent) {
    event.preventDefault();
    const read = readCount(countText);
    if ("error" in read) {
      setCountError(read.error);
      return;
    }
    setCountError(null);
    setCopyMessage(null);
    const now = Date.now();
    setIdentifiers(Array.from({ length: read.count }, () => generateIdentifier(kind, now, cryptoRandomBytes)));
  }

  async function copyAll() {
    try {
      await navigator.clipboard.writeText(identifiers.join("\n"));
      setCopyMessage({
        ok: true,
        text: `Copied ${identifiers.length === 1 ? "1 identifier" : `${identifiers.length} identifiers`}.`,
      });
    } catch {
      setCopyMessage({
        ok: false,
        text: "Copying failed: the browser did not allow access to the clipboard. Select the list and copy it instead.",
      });
    }
  }

  const description = describe(pasted);
  return (
    <Page
      title="Identifier generator"
      lead="UUIDs, ULIDs and nanoids for content, fixtures and tests, made in this browser with its secure random numbers. Time-ordered ones sort by when they were made; paste one below to read its time."
    >
      <Stack spacing={4}>
        <Paper variant="outlined" component="form" onSubmit={generate} noValidate sx={{ p: 3 }}>
          <Stack spacing={3}>
            <FormControl>
              <FormLabel id="identifier-kind">Kind</FormLabel>
              <RadioGroup
                aria-labelledby="identifier-kind"
                value={kind}
                onChange={(event) => setKind(event.target.value as IdentifierKind)}
              >
                {IDENTIFIER_KINDS.map((option) => (
                  <FormControlLabel key={option} value={option} control={<Radio />} label={IDENTIFIER_LABELS[option]} />
                ))}
              </RadioGroup>
            </FormControl>
            <TextField
              label="How many"
              value={countText}
              onChange={(event) => setCountText(event.target.value)}
              error={countError !== null}
              helperText={countError ?? `From 1 to ${MAX_IDENTIFIER_COUNT}.`}
              slotProps={{ htmlInput: { inputMode: "numeric" } }}
              sx={{ maxWidth: 200 }}
            />
            <Box>
              <Button type="submit" variant="contained">
                Generate
              </Button>
            </Box>
          </Stack>
        </Paper>

        {identifiers.length > 0 && (
          <Box component="section" aria-labelledby="generated-heading">
            <Typography id="generated-heading" variant="h2" sx={{ fontSize: "1.4rem", mb: 1 }}>
              {IDENTIFIER_LABELS[kind]}: {identifiers.length}
            </Typography>
            <Box
              component="ol"
              aria-label="Generated identifiers"
              sx={{ ...MONOSPACE, pl: 4, my: 1, wordBreak: "break-all", userSelect: "all" }}
            >
              {identifiers.map((id) => (
                <li key={id}>{id}</li>
              ))}
            </Box>
            <Stack direction="row" spacing={2} sx={{ alignItems: "center" }}>
              <Button variant="outlined" onClick={() => void copyAll()}>
                Copy all
              </Button>
              {copyMessage && (
                <Alert severity={copyMessage.ok ? "success" : "error"} sx={{ py: 0 }}>
                  {copyMessage.text}
                </Alert>
              )}
            </Stack>
          </Box>
        )}

        <Paper variant="outlined" sx={{ p: 3 }}>
          <Stack spacing={2}>
            <TextField
              label="Identifier to read"
              value={pasted}
              onChange={(event) => setPasted(event.target.value)}
              slotProps={{ htmlInput: { spellCheck: false, style: MONOSPACE } }}
            />
            <Typography aria-live="polite" data-testid="identifier-reading">
              {description ?? "Paste a UUID or a ULID to see its kind and, for a v7 UUID or a ULID, when it was made."}
            </Typography>
          </Stack>
        </Paper>
      </Stack>
    </Page>
  );
}
