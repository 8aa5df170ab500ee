/**
 * Stands in for the running app in backup tests: a separate process that writes contact messages to the
 * SQLite database of DATA_DIR, one transaction each, as the contact form does, and prints each one's
 * number once committed ("committed 17"), about a thousand a second. It writes until killed.
 * `node --import tsx tests/setup/sqlite-writer.ts`
 */
import { setTimeout } from "node:timers/promises";
import { createContactMessage } from "#app/models/contact-message.server";
import { openDatabase } from "#database/connection";

/** About a kilobyte a message, so the database grows by pages and its log fills while the test runs. */
const MESSAGE = "A message long enough to fill a good part of a page. ".repeat(20);

const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error("Set DATA_DIR to the folder of the SQLite database to write to.");
const { db } = openDatabase({ dataDir });
for (let number = 1; ; number++) {
  await createContactMessage(db, {
    name: "Writer",
    email: "writer@example.org",
    subject: `Message ${number}`,
    message: MESSAGE,
    userId: null,
  });
  process.stdout.write(`committed ${number}\n`);
  // A busy site's pace, without taking a whole core from the backup beside it on a two-core machine.
  await setTimeout(1);
}
