import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";

interface MessageCardProps {
  subject: string;
  /** Who it is from or to, and when, in one line under the subject. */
  about: ReactNode;
  /** The message itself. */
  children: ReactNode;
}

/** One message in an admin inbox: the contact form's messages, or the mail the site kept. */
export function MessageCard({ subject, about, children }: MessageCardProps) {
  return (
    <Card variant="outlined" component="article">
      <CardContent>
        <Typography variant="h6" component="h2">
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
