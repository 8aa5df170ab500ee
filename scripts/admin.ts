import { runCli, UsageError } from "./cli-run";
import { readFileSync } from "node:fs";
import { createInterface } from "node:readline";
import { grantAdmin, revokeAdmin } from "#app/models/admin-users.server";
import { recordAudit } from "#app/models/audit-log.server";
import { grantComplimentaryPremium } from "#app/models/complimentary-grant.server";
import { createUser, findUserByEmail } from "#app/models/user.server";
import { emailField } from "#app/http/form.server";
import { parseCommonPasswords, passwordProblem } from "#app/auth/password-policy";
import { hashPassword } from "#app/auth/password.server";
import { GRANT_MAX_YEARS_AHEAD, grantInput } from "#app/billing/complimentary-grant-input.server";
import { formatDate } from "#app/utils/format-date";
import { openMigratedDatabase } from "./cli-database";

const USAGE = `Usage: npm run admin -- <command> EMAIL [ARGUMENTS]

  create-user EMAIL   create an account; the password is read from standard input
  grant EMAIL         make the account an administrator
  revoke EMAIL        take administrator rights away (the account stays; refused for the last one)
  premium EMAIL YYYY-MM-DD [REASON]
                      give complimentary premium until that day (00:00 UTC), at most
                      ${GRANT_MAX_YEARS_AHEAD} years ahead; the reason goes to the audit log`;

const COMMANDS = ["create-user", "grant", "revoke", "premium"];
/** The reason recorded for a grant from the command line when none is given. */
const COMMAND_LINE_REASON = "Given from the command line";

/** The same password policy as the sign-up form, with the shipped list of common passwords. */
const commonPasswords = parseCommonPasswords(
  readFileSync(new URL("../app/data/common-passwords.txt", import.meta.url), "utf8"),
);

async function main(args: string[]): Promise<string> {
  const [command, rawEmail, ...extra] = args;
  if (!command || !COMMANDS.includes(command) || (command !== "premium" && extra.length > 0)) {
    throw new UsageError(command ? `Unknown command or extra arguments: ${args.join(" ")}` : "No command given.");
  }
  const email = emailField.safeParse(rawEmail ?? "");
  if (!email.success) throw new UsageError(email.error.issues[0]?.message ?? "Invalid e-mail address.");
  if (command === "premium") return givePremium(email.data, extra);

  const password = command === "create-user" ? await readPassword() : undefined;
  const problem = password === undefined ? null : passwordProblem(password, email.data, commonPasswords);
  if (problem) throw new Error(problem);
  const { db, close } = await openMigratedDatabase();
  try {
    // The audit log shows these with no actor: "command line".
    if (command === "create-user" && password !== undefined) {
      const passwordHash = await hashPassword(password);
      const user = await db.transaction().execute(async (trx) => {
        const created = await createUser(trx, { email: email.data, passwordHash });
        await recordAudit(trx, {
          actor: null,
          action: "user.create",
          target: { id: created.id, email: created.email },
        });
        return created;
      });
      return `Created the account ${user.email}.`;
    }
    const user = await findUserByEmail(db, email.data);
    if (!user) throw new Error(`No account has the e-mail address ${email.data}.`);
    if (command === "grant") {
      const { changed } = await grantAdmin(db, null, user.id);
      return changed ? `${user.email} is now an administrator.` : `${user.email} already is an administrator.`;
    }
    // A demoted admin should not keep admin pages open in another tab's session.
    const { changed } = await revokeAdmin(db, null, user.id, { endSessions: true });
    return changed
      ? `${user.email} is no longer an administrator; their sessions were ended.`
      : `${user.email} is not an administrator.`;
  } finally {
    await close();
  }
}

/** `premium EMAIL YYYY-MM-DD [REASON]`: the reason may be several words, quoted or not. */
async function givePremium(email: string, [until, ...reasonWords]: string[]): Promise<string> {
  if (until === undefined) throw new UsageError("premium needs the day premium runs until, as YYYY-MM-DD.");
  const input = grantInput.safeParse({ until, reason: reasonWords.join(" ") || COMMAND_LINE_REASON });
  if (!input.success) throw new Error(input.error.issues.map((issue) => issue.message).join(" "));
  const { db, close } = await openMigratedDatabase();
  try {
    const user = await findUserByEmail(db, email);
    if (!user) throw new Error(`No account has the e-mail address ${email}.`);
    // The audit log shows it with no actor: "command line".
    await grantComplimentaryPremium(db, null, { id: user.id, email: user.email }, input.data);
    return `${user.email} has complimentary premium until ${formatDate(input.data.until)} (00:00 UTC).`;
  } finally {
    await close();
  }
}

/** The password: typed without echo at a terminal, else the first line of standard input. */
async function readPassword(): Promise<string> {
  if (process.stdin.isTTY) return readHiddenLine("Password (not shown): ");
  for await (const line of createInterface({ input: process.stdin })) return line.replace(/\r$/, "");
  throw new UsageError("No password on standard input.");
}

function readHiddenLine(prompt: string): Promise<string> {
  const stdin = process.stdin;
  process.stdout.write(prompt);
  return new Promise((resolve, reject) => {
    let value = "";
    const finish = () => {
      stdin.off("data", onData);
      stdin.setRawMode(false);
      stdin.pause();
      process.stdout.write("\n");
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === "\r" || char === "\n") return (finish(), resolve(value));
        if (char === "\u0003") return (finish(), reject(new UsageError("Cancelled.")));
        value = char === "\u007f" || char === "\b" ? value.slice(0, -1) : value + char;
      }
    };
    stdin.setRawMode(true);
    stdin.setEncoding("utf8");
    stdin.on("data", onData);
    stdin.resume();
  });
}

await runCli(main, USAGE);
