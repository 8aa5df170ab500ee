import Alert from "@mui/material/Alert";
import AlertTitle from "@mui/material/AlertTitle";
import Box from "@mui/material/Box";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import { Link as RouterLink } from "react-router";

export interface AssistantSetupView {
  state: "unconfigured" | "switched-off" | "ready";
  /** Where the model is and which, never the key. */
  endpoint: { address: string; model: string; withKey: boolean } | null;
}

const HOSTED_EXAMPLE = `ASSISTANT_BASE_URL=https://api.openai.com/v1
ASSISTANT_MODEL=gpt-4o-mini
ASSISTANT_API_KEY=sk-…`;

const LOCAL_EXAMPLE = `# llama.cpp: llama-server -m model.gguf --port 8080
ASSISTANT_BASE_URL=http://127.0.0.1:8080/v1
ASSISTANT_MODEL=local
# Ollama: ollama serve, then ollama pull llama3.1
# ASSISTANT_BASE_URL=http://127.0.0.1:11434/v1
# ASSISTANT_MODEL=llama3.1`;

function Example({ title, text }: { title: string; text: string }) {
  return (
    <Box sx={{ mt: 1.5 }}>
      <Typography variant="subtitle2" component="p">
        {title}
      </Typography>
      <Box
        component="pre"
        // Wrapped rather than scrolled: a phone shows every character without a scrollbar to reach.
        sx={{
          m: 0,
          mt: 0.5,
          p: 1.5,
          borderRadius: 1,
          bgcolor: "action.hover",
          whiteSpace: "pre-wrap",
          overflowWrap: "anywhere",
          fontSize: "0.85rem",
        }}
      >
        {text}
      </Box>
    </Box>
  );
}

/** Whether the assistant can be asked, and if not, exactly what to do about it. */
export function AssistantSetupNotice({ setup }: { setup: AssistantSetupView }) {
  if (setup.state === "unconfigured") {
    return (
      <Alert severity="info" sx={{ mb: 4 }}>
        <AlertTitle>The assistant is not configured on this server</AlertTitle>
        <Typography variant="body2">
          It talks to any OpenAI-compatible chat-completions endpoint: a hosted one, or a local server such as llama.cpp
          or Ollama. Set these variables in the server&apos;s environment (for example in its <code>.env</code> file)
          and restart the server:
        </Typography>
        <Box component="ul" sx={{ my: 1, pl: 3 }}>
          <li>
            <code>ASSISTANT_BASE_URL</code>: the endpoint&apos;s address up to <code>/chat/completions</code>, usually
            ending in <code>/v1</code>;
          </li>
          <li>
            <code>ASSISTANT_MODEL</code>: the model to ask there;
          </li>
          <li>
            <code>ASSISTANT_API_KEY</code>: the key, for an endpoint that wants one (a local server does not).
          </li>
        </Box>
        <Example title="A hosted endpoint" text={HOSTED_EXAMPLE} />
        <Example title="A local server" text={LOCAL_EXAMPLE} />
        <Typography variant="body2" sx={{ mt: 1.5 }}>
          The guide <code>docs/assistant.md</code> explains each and what the assistant does with them.
        </Typography>
      </Alert>
    );
  }
  const endpoint = setup.endpoint!;
  const where = `${endpoint.model} at ${endpoint.address}${endpoint.withKey ? ", with an API key" : ", without an API key"}`;
  if (setup.state === "switched-off") {
    return (
      <Alert severity="warning" sx={{ mb: 4 }}>
        <AlertTitle>The assistant is switched off</AlertTitle>
        It is configured ({where}) but switched off in{" "}
        <Link color="inherit" component={RouterLink} to="/admin/application">
          /admin/application
        </Link>
        , under the feature switches. Its history stays readable here.
      </Alert>
    );
  }
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
      Model: {where}.
    </Typography>
  );
}
