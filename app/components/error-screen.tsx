import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Container from "@mui/material/Container";
import Typography from "@mui/material/Typography";
import { Link } from "react-router";

interface ErrorScreenProps {
  status: number;
  message: string;
  details?: string;
}

/** The error page: status and message; 404 has its own screen with ways back. */
export function ErrorScreen({ status, message, details }: ErrorScreenProps) {
  if (status === 404) return <NotFoundScreen message={message} />;
  return (
    <Container component="main" id="main" maxWidth="md" sx={{ py: 8 }}>
      <Typography variant="overline" component="p" color="text.secondary">
        Error {status}
      </Typography>
      {/* A refusal may quote a long address or header without spaces: it wraps rather than overflows. */}
      <Typography variant="h3" component="h1" gutterBottom sx={{ overflowWrap: "anywhere" }}>
        {message}
      </Typography>
      {details && (
        <Box component="pre" sx={{ p: 2, overflow: "auto", bgcolor: "action.hover", borderRadius: 1, fontSize: 13 }}>
          {details}
        </Box>
      )}
      <Button component={Link} to="/" variant="contained" sx={{ mt: 2 }}>
        Go to the home page
      </Button>
    </Container>
  );
}

function NotFoundScreen({ message }: { message: string }) {
  return (
    <Container component="main" id="main" maxWidth="md" sx={{ py: 8, textAlign: "center" }} data-testid="not-found">
      <Typography
        component="p"
        aria-hidden
        sx={{ fontSize: { xs: 96, md: 144 }, fontWeight: 800, lineHeight: 1, color: "primary.main" }}
      >
        404
      </Typography>
      <Typography variant="h4" component="h1" sx={{ mt: 2, wordBreak: "break-word" }}>
        {message}
      </Typography>
      <Typography sx={{ mt: 2 }} color="text.secondary">
        The page may have moved, or the address may be mistyped. 404 = 2² × 101, by the way.
      </Typography>
      <Box sx={{ mt: 4, display: "flex", gap: 2, justifyContent: "center", flexWrap: "wrap" }}>
        <Button component={Link} to="/" variant="contained">
          Home page
        </Button>
        <Button component={Link} to="/prime-factorization-engine" variant="outlined" color="inherit">
          Factorize a number
        </Button>
      </Box>
    </Container>
  );
}
