import type { Kysely } from "kysely";
import type { Database } from "#database/schema";
import { changeSettings, readSettings, writeSetting } from "#app/models/app-settings.server";
import { recordAudit, type AuditParty } from "#app/models/audit-log.server";
import { findChapterById, updateChapter, type ChapterAccess } from "#app/models/chapter.server";
import { FEATURE_DESCRIPTIONS, type FeatureFlag, type MaintenanceBanner } from "#app/models/settings-vocabulary";
import { forgetCurrentSettings } from "./current-settings.server";
import { describeBanner } from "./settings-forms";

/**
 * The settings page's changes other than the numbers: each is written and audited ("settings.update",
 * from → to) in one transaction, and this instance forgets its cached settings at once; the others
 * see the change within SETTINGS_CACHE_TTL_MS.
 */

export type SettingChange = "changed" | "unchanged";

function auditSetting(trx: Kysely<Database>, actor: AuditParty, setting: string, from: string, to: string) {
  return recordAudit(trx, { actor, action: "settings.update", target: null, details: { setting, from, to } });
}

/** Switches one feature on or off; switching it to what it is already writes nothing. */
export async function switchFeature(
  db: Kysely<Database>,
  actor: AuditParty,
  feature: FeatureFlag,
  enabled: boolean,
): Promise<SettingChange> {
  const change = await changeSettings(db, async (trx): Promise<SettingChange> => {
    const { featureFlags } = await readSettings(trx);
    if (featureFlags[feature] === enabled) return "unchanged";
    await writeSetting(trx, "featureFlags", { ...featureFlags, [feature]: enabled }, actor.id);
    const words = (on: boolean) => (on ? "on" : "off");
    await auditSetting(trx, actor, `feature: ${FEATURE_DESCRIPTIONS[feature].label}`, words(!enabled), words(enabled));
    return "changed";
  });
  forgetCurrentSettings(db);
  return change;
}

/** Puts up, changes or (with null) removes the maintenance banner. */
export async function saveMaintenanceBanner(
  db: Kysely<Database>,
  actor: AuditParty,
  banner: MaintenanceBanner | null,
): Promise<SettingChange> {
  const change = await changeSettings(db, async (trx): Promise<SettingChange> => {
    const before = (await readSettings(trx)).maintenanceBanner;
    if (JSON.stringify(before) === JSON.stringify(banner)) return "unchanged";
    await writeSetting(trx, "maintenanceBanner", banner, actor.id);
    await auditSetting(trx, actor, "maintenance banner", describeBanner(before), describeBanner(banner));
    return "changed";
  });
  forgetCurrentSettings(db);
  return change;
}

export type FreeChaptersOutcome =
  | { ok: true; changed: number }
  /** A chapter changed since the form was shown (here or in the content editor): nothing was saved. */
  | { ok: false; reason: "conflict"; chapter: { title: string; access: ChapterAccess } }
  | { ok: false; reason: "not-found" };

/** Ends the transaction of a refused save, carrying the answer out of it. */
class Refusal extends Error {
  constructor(readonly outcome: FreeChaptersOutcome & { ok: false }) {
    super(outcome.reason);
  }
}

/**
 * Makes the ticked chapters free and the others premium, through the content editor's own save
 * (updateChapter, a compare-and-set on the version the form showed). A chapter whose access is already
 * what the form asks is left alone; one changed since the form was shown refuses the whole save.
 */
export async function saveFreeChapters(
  db: Kysely<Database>,
  actor: AuditParty,
  chapters: readonly { id: string; version: number; free: boolean }[],
): Promise<FreeChaptersOutcome> {
  try {
    return await db.transaction().execute(async (trx) => {
      let changed = 0;
      for (const { id, version, free } of chapters) {
        const current = await findChapterById(trx, id);
        if (!current) throw new Refusal({ ok: false, reason: "not-found" });
        const access: ChapterAccess = free ? "free" : "premium";
        if (current.access === access) continue;
        const { title, summary } = current;
        const saved = await updateChapter(trx, { id, version, title, summary, access });
        if (!saved.ok) {
          if (saved.reason === "not-found") throw new Refusal({ ok: false, reason: "not-found" });
          throw new Refusal({ ok: false, reason: "conflict", chapter: { title, access: saved.current.access } });
        }
        await auditSetting(trx, actor, `access to the chapter “${title}”`, current.access, access);
        changed += 1;
      }
      return { ok: true, changed } as const;
    });
  } catch (error) {
    if (error instanceof Refusal) return error.outcome;
    throw error;
  }
}
