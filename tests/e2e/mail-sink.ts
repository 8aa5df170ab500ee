import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { SMTPServer } from "smtp-server";

/** A received e-mail, decoded enough to read and follow its links. */
export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
}

function mailDir(): string {
  return path.join(process.env.E2E_DATA_DIR ?? "", "mail");
}

/** Quoted-printable to text: only "=XX" escapes and soft line breaks are decoded, so "%2F" in a link stays. */
function decodeQuotedPrintable(body: string): string {
  return quotedPrintableBytes(body).toString("utf8");
}

function quotedPrintableBytes(body: string): Buffer {
  const soft = body.replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i += 1) {
    const escape = soft[i] === "=" ? /^[0-9A-F]{2}/i.exec(soft.slice(i + 1, i + 3)) : null;
    if (escape) {
      bytes.push(parseInt(escape[0], 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(soft[i] ?? "", "utf8"));
    }
  }
  return Buffer.from(bytes);
}

const ENCODED_WORD = /=\?[^?]+\?([QB])\?([^?]*)\?=/gi;

/**
 * A header as mailers write one beyond ASCII (RFC 2047): "=?UTF-8?Q?=E2=82=AC4=2E9?= =?UTF-8?Q?9?=" is
 * "€4.99". The space between two encoded words is not text, and a character may be split across two
 * words, so a run of them is decoded to bytes first and read as UTF-8 once.
 */
function decodeHeader(value: string): string {
  return value.replace(/=\?[^?]+\?[QB]\?[^?]*\?=(?:\s+=\?[^?]+\?[QB]\?[^?]*\?=)*/gi, (run) =>
    Buffer.concat(
      [...run.matchAll(ENCODED_WORD)].map(([, encoding, text]) =>
        encoding!.toUpperCase() === "B"
          ? Buffer.from(text!, "base64")
          : quotedPrintableBytes(text!.replaceAll("_", " ")),
      ),
    ).toString("utf8"),
  );
}

/** Splits a single-part message into its headers and decoded text. */
export function parseMessage(raw: string): ReceivedMail {
  const split = raw.indexOf("\r\n\r\n");
  const headerText = raw.slice(0, split).replace(/\r\n[ \t]+/g, " ");
  const header = (name: string) =>
    decodeHeader(new RegExp(`^${name}: (.*)$`, "im").exec(headerText)?.[1]?.trim() ?? "");
  const body = raw.slice(split + 4);
  const encoding = header("Content-Transfer-Encoding").toLowerCase();
  const text =
    encoding === "quoted-printable"
      ? decodeQuotedPrintable(body)
      : encoding === "base64"
        ? Buffer.from(body, "base64").toString("utf8")
        : body;
  return { to: header("To"), subject: header("Subject"), text: text.replace(/\r\n/g, "\n") };
}

/**
 * A real SMTP server on loopback that the app under test sends to. Each
 * message is written to DATA_DIR/mail so tests in any worker can read it.
 */
export async function startMailSink(port: number): Promise<() => Promise<void>> {
  mkdirSync(mailDir(), { recursive: true });
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        count += 1;
        const mail = parseMessage(Buffer.concat(chunks).toString("utf8"));
        writeFileSync(path.join(mailDir(), `${Date.now()}-${count}.json`), JSON.stringify(mail));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}

/** Every mail to `to` (case-insensitive) received after `since`, newest first. */
export function receivedMails(to: string, since: number): ReceivedMail[] {
  return readdirSync(mailDir())
    .filter((file) => Number(file.split("-")[0]) >= since)
    .sort()
    .reverse()
    .map((file) => JSON.parse(readFileSync(path.join(mailDir(), file), "utf8")) as ReceivedMail)
    .filter((mail) => mail.to.toLowerCase().includes(to.toLowerCase()));
}

/** Waits for the newest mail to `to` (case-insensitive) received after `since`. */
export async function waitForMail(to: string, since: number, timeoutMs = 10_000): Promise<ReceivedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [newest] = receivedMails(to, since);
    if (newest) return newest;
    if (Date.now() > deadline) throw new Error(`No mail to ${to} arrived`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The first link in a mail's text. */
export function firstLink(mail: ReceivedMail): string {
  const link = /https?:\/\/\S+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`No link in mail: ${mail.text}`);
  return link;
}
