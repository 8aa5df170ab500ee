import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Typography from "@mui/material/Typography";
import { useId, type ReactNode } from "react";

interface MessageCardProps {
  subject: string;
  /** Who it is from or to, and when, in one line under the subject. */
  about: ReactNode;
  /** The message itself. */
  children: ReactNode;
  /** h3 where the cards sit under a section's own h2. */
  headingLevel?: "h2" | "h3";
}

/** One message in an admin inbox: the contact form's messages, or the mail the site kept. */
export function MessageCard({ subject, about, children, headingLevel = "h2" }: MessageCardProps) {
  // The subject names the article, so a list of them can be told apart.
  const headingId = useId();
  return (
    <Card variant="outlined" component="article" aria-labelledby={headingId}>
      <CardContent>
        <Typography id={headingId} variant="h6" component={headingLevel}>
          {subject}
        </Typography>
        <Typography variant="body2" color="text.secondary" gutterBottom>
          {about}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}
