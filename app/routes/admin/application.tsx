import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Divider from "@mui/material/Divider";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { data, Form, useNavigation, type ShouldRevalidateFunction } from "react-router";
import { z } from "zod";
import { Page } from "#app/components/page";
import { FeatureSwitches } from "#app/components/admin/settings/feature-switches";
import { FreeChaptersForm } from "#app/components/admin/settings/free-chapters-form";
import { MaintenanceBannerForm, type BannerValues } from "#app/components/admin/settings/maintenance-banner-form";
import { changeSettings, readSettings, SETTINGS, writeSetting, type SettingKey } from "#app/models/app-settings.server";
import { recordAudit } from "#app/models/audit-log.server";
import { listChapters } from "#app/models/chapter.server";
import { FEATURE_DESCRIPTIONS } from "#app/models/settings-vocabulary";
import { forgetCurrentSettings } from "#app/settings/current-settings.server";
import { saveFreeChapters, saveMaintenanceBanner, switchFeature } from "#app/settings/settings-changes.server";
import {
  bannerStatus,
  readBannerForm,
  readFeatureSwitch,
  readFreeChapters,
  utcInputValue,
} from "#app/settings/settings-forms";
import { now } from "#app/utils/clock";
import { requireUser } from "#app/auth/access.server";
import { getDatabase } from "#app/utils/db.server";
import { readForm } from "#app/http/read-form.server";
import { planPrices, yearlySaving, type PlanPrices } from "#app/billing/plans";
import { amountText, formatMoney, parseMoneyAmount, PLAN_CURRENCIES } from "#app/utils/money";
import type { Route } from "./+types/application";

export const meta: Route.MetaFunction = () => [{ title: "Settings · Numberlab" }];

/** The settings this page edits, in the order shown, with the words for each. */
const FIELDS = [
  {
    key: "trialDays",
    section: "Plans and prices",
    label: "Free trial, in days",
    unit: "days",
    help: "Once per account, before the first charge; 0 for no trial.",
    audit: "trial days",
  },
  {
    key: "freeQuizAttemptsPerDay",
    section: "Quizzes",
    label: "Free quiz attempts a day",
    unit: "attempts",
    help: "For accounts without premium; renews at midnight UTC. Premium and admins are unlimited.",
    audit: "free quiz attempts a day",
  },
  {
    key: "learnerSessionIdleDays",
    section: "Sessions",
    label: "Learners' idle timeout, in days",
    unit: "days",
    help: "A learner's session ends after this many days without a request.",
    audit: "learner session idle days",
  },
  {
    key: "adminSessionIdleHours",
    section: "Sessions",
    label: "Administrators' idle timeout, in hours",
    unit: "hours",
    help: "An administrator's session ends after this many hours without a request: sooner, as it can change everyone's data.",
    audit: "administrator session idle hours",
  },
  {
    key: "analyticsRetentionDays",
    section: "Analytics",
    label: "Keep raw analytics events, in days",
    unit: "days",
    help: "Older events are deleted each hour; the daily counts made from them are kept.",
    audit: "analytics retention days",
  },
] as const satisfies readonly {
  key: SettingKey;
  section: string;
  label: string;
  unit: string;
  help: string;
  audit: string;
}[];

type FieldKey = (typeof FIELDS)[number]["key"];

type PriceField = "planCurrency" | "monthlyPrice" | "yearlyPrice";

export async function loader() {
  const { db } = getDatabase();
  const [settings, chapters] = await Promise.all([readSettings(db), listChapters(db)]);
  const currency = settings.planCurrency;
  const banner = settings.maintenanceBanner;
  return {
    settings,
    chapters: chapters.map(({ id, title, access, published, version }) => ({ id, title, access, published, version })),
    banner: {
      values: {
        bannerText: banner?.text ?? "",
        bannerLevel: banner?.level ?? "info",
        bannerFrom: utcInputValue(banner?.from ?? null),
        bannerUntil: utcInputValue(banner?.until ?? null),
      } satisfies BannerValues,
      status: bannerStatus(banner, now()),
    },
    now: now().toISOString(),
    prices: {
      planCurrency: currency,
      monthlyPrice: amountText({ minor: settings.monthlyPriceMinor, currency }),
      yearlyPrice: amountText({ minor: settings.yearlyPriceMinor, currency }),
    } satisfies Record<PriceField, string>,
    priceSummary: priceSummary(planPrices(settings)),
    bounds: Object.fromEntries(
      FIELDS.map(({ key }) => [
        key,
        { min: SETTINGS[key].min, max: SETTINGS[key].max, defaultValue: SETTINGS[key].defaultValue },
      ]),
    ) as Record<FieldKey, { min: number; max: number; defaultValue: number }>,
  };
}

const settingsSchema = z.object(
  Object.fromEntries(
    FIELDS.map(({ key, unit }) => {
      const { min, max } = SETTINGS[key];
      return [
        key,
        z.coerce
          .number({ error: `Enter a whole number of ${unit}.` })
          .int(`Enter a whole number of ${unit}.`)
          .min(min, `At least ${min}.`)
          .max(max, `At most ${max}.`),
      ];
    }),
  ) as Record<FieldKey, z.ZodCoercedNumber>,
);

/** "At the saved prices, 12 monthly payments come to €59.88: the yearly plan saves 33 %." */
function priceSummary(prices: PlanPrices): string {
  const { twelveMonthly, percent } = yearlySaving(prices);
  return `At the saved prices, 12 monthly payments come to ${twelveMonthly}: the yearly plan saves ${percent} %.`;
}

const currencySchema = z.enum(PLAN_CURRENCIES, { error: "Choose one of the listed currencies." });

/** The prices as typed, in the submitted currency, in minor units within the settings' bounds. */
function readPrices(values: Record<string, unknown>) {
  const errors: Partial<Record<PriceField, string>> = {};
  const currency = currencySchema.safeParse(values.planCurrency);
  if (!currency.success) {
    errors.planCurrency = currency.error.issues[0]!.message;
    return { errors };
  }
  const minor: Partial<Record<"monthlyPrice" | "yearlyPrice", number>> = {};
  for (const [field, setting] of [
    ["monthlyPrice", SETTINGS.monthlyPriceMinor],
    ["yearlyPrice", SETTINGS.yearlyPriceMinor],
  ] as const) {
    const read = parseMoneyAmount(String(values[field] ?? ""), currency.data);
    const bound = (amount: number) => formatMoney({ minor: amount, currency: currency.data });
    if ("error" in read) errors[field] = read.error;
    else if (read.minor < setting.min) errors[field] = `At least ${bound(setting.min)}.`;
    else if (read.minor > setting.max) errors[field] = `At most ${bound(setting.max)}.`;
    else minor[field] = read.minor;
  }
  const { monthlyPrice, yearlyPrice } = minor;
  if (monthlyPrice !== undefined && yearlyPrice !== undefined && yearlyPrice >= 12 * monthlyPrice) {
    const twelve = formatMoney({ minor: 12 * monthlyPrice, currency: currency.data });
    errors.yearlyPrice = `Less than 12 monthly payments (${twelve}), or the yearly plan saves nothing.`;
  }
  if (monthlyPrice === undefined || yearlyPrice === undefined || errors.yearlyPrice) return { errors };
  return {
    errors,
    prices: { planCurrency: currency.data, monthlyPriceMinor: monthlyPrice, yearlyPriceMinor: yearlyPrice },
  };
}

type Actor = { id: string; email: string };

/**
 * One action for the page's forms, told apart by `intent`: the numbers (the main form, also without an
 * intent), one feature switched, the maintenance banner put up or removed, and the free chapters.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = requireUser(context);
  const actor: Actor = { id: admin.id, email: admin.email };
  const values = await readForm(request);
  const { db } = getDatabase();
  const intent = values.intent ?? "settings";
  switch (intent) {
    case "settings":
      return saveNumbers(values, actor);
    case "feature": {
      const reading = readFeatureSwitch(values);
      if (!reading.ok) return data({ form: "features" as const, error: reading.errors.form! }, { status: 400 });
      const { feature, enabled } = reading.value;
      await switchFeature(db, actor, feature, enabled);
      const { label } = FEATURE_DESCRIPTIONS[feature];
      return { form: "features" as const, message: `${label} is ${enabled ? "on" : "off"}.` };
    }
    case "banner": {
      const reading = readBannerForm(values, now());
      if (!reading.ok) {
        const submitted = Object.fromEntries(
          (["bannerText", "bannerLevel", "bannerFrom", "bannerUntil"] as const).map((field) => [
            field,
            typeof values[field] === "string" ? values[field] : "",
          ]),
        ) as BannerValues;
        return data({ form: "banner" as const, errors: reading.errors, values: submitted }, { status: 400 });
      }
      const change = await saveMaintenanceBanner(db, actor, reading.value);
      return { form: "banner" as const, message: change === "changed" ? "Banner saved." : "Nothing changed." };
    }
    case "remove-banner":
      await saveMaintenanceBanner(db, actor, null);
      return { form: "banner" as const, message: "The banner is removed." };
    case "free-chapters": {
      const reading = readFreeChapters(values);
      if (!reading.ok) return data({ form: "chapters" as const, error: reading.errors.form! }, { status: 400 });
      const outcome = await saveFreeChapters(db, actor, reading.value);
      if (outcome.ok) {
        const message =
          outcome.changed === 0
            ? "Nothing changed."
            : `Access changed for ${outcome.changed === 1 ? "1 chapter" : `${outcome.changed} chapters`}.`;
        return { form: "chapters" as const, message };
      }
      const error =
        outcome.reason === "conflict"
          ? `“${outcome.chapter.title}” was changed after this page was opened (its access is ${outcome.chapter.access} now), so nothing was changed. The list shows it as it is now: tick again and apply.`
          : "A chapter in the list no longer exists, so nothing was changed. The list shows the chapters as they are now.";
      return data({ form: "chapters" as const, error }, { status: 409 });
    }
    default:
      return data({ form: "unknown" as const, error: "This form is not one of the settings page's." }, { status: 400 });
  }
}

/** A refused chapter list was stale: read the page again so it shows the chapters as they are. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) =>
  actionStatus === 409 || defaultShouldRevalidate;

/** The numbers: plans and prices, the quiz limit, the idle timeouts and the analytics retention. */
async function saveNumbers(values: Record<string, unknown>, admin: Actor) {
  const parsed = settingsSchema.safeParse(values);
  const prices = readPrices(values);
  if (!parsed.success || !prices.prices) {
    const errors: Partial<Record<FieldKey | PriceField, string>> = { ...prices.errors };
    for (const issue of parsed.error?.issues ?? []) errors[issue.path[0] as FieldKey] ??= issue.message;
    const submitted = Object.fromEntries(
      [...FIELDS.map(({ key }) => key), "planCurrency", "monthlyPrice", "yearlyPrice"].map((key) => [
        key,
        String(values[key] ?? ""),
      ]),
    );
    return data({ errors, values: submitted as Record<FieldKey | PriceField, string> }, { status: 400 });
  }
  const next = { ...parsed.data, ...prices.prices };
  const { db } = getDatabase();
  await changeSettings(db, async (trx) => {
    const before = await readSettings(trx);
    const audit = (setting: string, from: string | number, to: string | number) =>
      recordAudit(trx, {
        actor: { id: admin.id, email: admin.email },
        action: "settings.update",
        target: null,
        details: { setting, from, to },
      });
    if (before.planCurrency !== next.planCurrency) {
      await writeSetting(trx, "planCurrency", next.planCurrency, admin.id);
      await audit("plan currency", before.planCurrency, next.planCurrency);
    }
    for (const [key, name] of [
      ["monthlyPriceMinor", "monthly price"],
      ["yearlyPriceMinor", "yearly price"],
    ] as const) {
      const from = formatMoney({ minor: before[key], currency: before.planCurrency });
      const to = formatMoney({ minor: next[key], currency: next.planCurrency });
      if (from === to) continue;
      await writeSetting(trx, key, next[key], admin.id);
      await audit(name, from, to);
    }
    for (const { key, audit: name } of FIELDS) {
      if (before[key] === next[key]) continue;
      await writeSetting(trx, key, next[key], admin.id);
      await audit(name, before[key], next[key]);
    }
  });
  forgetCurrentSettings(db);
  return { saved: true };
}

const PRICES_SECTION = "Plans and prices";
const sectionId = (section: string) => `settings-${section.toLowerCase().replaceAll(" ", "-")}`;

/** The currency and the two plans' prices, typed in the currency's major unit. */
function PriceFields({
  values,
  errors,
  summary,
}: {
  values: Record<PriceField, string>;
  errors: Partial<Record<string, string>>;
  summary: string;
}) {
  return (
    <>
      <TextField
        select
        name="planCurrency"
        label="Currency"
        defaultValue={values.planCurrency}
        error={errors.planCurrency !== undefined}
        helperText={errors.planCurrency ?? "Both plans are charged in it. Default EUR."}
        slotProps={{ select: { native: true } }}
      >
        {PLAN_CURRENCIES.map((currency) => (
          <option key={currency} value={currency}>
            {currency}
          </option>
        ))}
      </TextField>
      <TextField
        name="monthlyPrice"
        label="Monthly plan price"
        defaultValue={values.monthlyPrice}
        error={errors.monthlyPrice !== undefined}
        helperText={errors.monthlyPrice ?? "Charged every month, in the currency above. Default 4.99."}
        slotProps={{ htmlInput: { inputMode: "decimal", autoComplete: "off" } }}
      />
      <TextField
        name="yearlyPrice"
        label="Yearly plan price"
        defaultValue={values.yearlyPrice}
        error={errors.yearlyPrice !== undefined}
        helperText={errors.yearlyPrice ?? `Charged once a year. Default 39.99. ${summary}`}
        slotProps={{ htmlInput: { inputMode: "decimal", autoComplete: "off" } }}
      />
    </>
  );
}

type ActionResult = NonNullable<Route.ComponentProps["actionData"]>;
type FormResult<Form extends string> = Extract<ActionResult, { form: Form }>;

/** The answer of the page's form `form` (see the action's intents), or null when another form was sent. */
function resultOf<Form extends "features" | "banner" | "chapters">(
  actionData: Route.ComponentProps["actionData"],
  form: Form,
): FormResult<Form> | null {
  return actionData && "form" in actionData && actionData.form === form ? (actionData as FormResult<Form>) : null;
}

/** The sections after the numbers' form, each with a form of its own. */
const OWN_FORM_SECTIONS = ["Free chapters", "Features", "Maintenance banner"] as const;

export default function Application({ loaderData, actionData }: Route.ComponentProps) {
  const { settings, bounds, prices, priceSummary, chapters, banner } = loaderData;
  const saving = useNavigation().state !== "idle";
  const numbers = actionData && !("form" in actionData) ? actionData : null;
  const refused = numbers && "errors" in numbers ? numbers : null;
  const features = resultOf(actionData, "features");
  const bannerResult = resultOf(actionData, "banner");
  const bannerRefusal = bannerResult && "errors" in bannerResult ? bannerResult : null;
  const chaptersResult = resultOf(actionData, "chapters");
  const unknownForm = actionData && "form" in actionData && actionData.form === "unknown" ? actionData.error : null;
  const sections = [...new Set(FIELDS.map((field) => field.section))];
  // Each section's heading is its link's target: clear of the sticky header when scrolled to.
  const heading = (section: string) => (
    <Typography id={sectionId(section)} variant="h6" component="h2" sx={{ mb: 2, scrollMarginTop: 80 }}>
      {section}
    </Typography>
  );
  return (
    <Page
      title="Settings"
      lead="How the application behaves for every learner. Changes apply on every instance within a few seconds and are written to the audit log."
    >
      <Box component="nav" aria-label="Settings sections" sx={{ mb: 4 }}>
        <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: "wrap" }}>
          {[...sections, ...OWN_FORM_SECTIONS].map((section) => (
            <Button key={section} href={`#${sectionId(section)}`} size="small" variant="outlined" color="inherit">
              {section}
            </Button>
          ))}
        </Stack>
      </Box>
      {unknownForm && (
        <Alert severity="error" role="alert" sx={{ mb: 3 }}>
          {unknownForm}
        </Alert>
      )}
      <Form method="post">
        <input type="hidden" name="intent" value="settings" />
        <Stack spacing={4} sx={{ maxWidth: "32rem" }}>
          {numbers && "saved" in numbers && (
            <Alert severity="success" role="status">
              Saved.
            </Alert>
          )}
          {sections.map((section) => (
            <Box component="section" key={section} aria-labelledby={sectionId(section)}>
              {heading(section)}
              <Stack spacing={2.5}>
                {section === PRICES_SECTION && (
                  <PriceFields
                    values={refused ? refused.values : prices}
                    errors={refused?.errors ?? {}}
                    summary={priceSummary}
                  />
                )}
                {FIELDS.filter((field) => field.section === section).map(({ key, label, help }) => {
                  const error = refused?.errors[key];
                  return (
                    <TextField
                      key={key}
                      name={key}
                      label={label}
                      type="number"
                      defaultValue={refused ? refused.values[key] : settings[key]}
                      error={error !== undefined}
                      helperText={error ?? `${help} Default ${bounds[key].defaultValue}.`}
                      slotProps={{ htmlInput: { min: bounds[key].min, max: bounds[key].max, step: 1 } }}
                    />
                  );
                })}
              </Stack>
            </Box>
          ))}
          <Box>
            <Button type="submit" variant="contained" disabled={saving}>
              Save
            </Button>
          </Box>
        </Stack>
      </Form>

      <Divider sx={{ my: 5 }} />
      <Stack spacing={6}>
        <Box component="section" aria-labelledby={sectionId("Free chapters")}>
          {heading("Free chapters")}
          {/* Keyed by the versions, so a list read again after a refusal shows the boxes as they are now. */}
          <FreeChaptersForm
            key={chapters.map((chapter) => chapter.version).join()}
            chapters={chapters}
            message={chaptersResult && "message" in chaptersResult ? chaptersResult.message : null}
            error={chaptersResult && "error" in chaptersResult ? chaptersResult.error : null}
            busy={saving}
          />
        </Box>
        <Box component="section" aria-labelledby={sectionId("Features")}>
          {heading("Features")}
          <FeatureSwitches
            flags={settings.featureFlags}
            feedback={
              features ? ("error" in features ? { error: features.error } : { message: features.message }) : null
            }
            busy={saving}
          />
        </Box>
        <Box component="section" aria-labelledby={sectionId("Maintenance banner")}>
          {heading("Maintenance banner")}
          {/* Keyed by what is stored, so the fields start again from it after a save or a removal. */}
          <MaintenanceBannerForm
            key={JSON.stringify(banner.values)}
            values={bannerRefusal ? bannerRefusal.values : banner.values}
            errors={bannerRefusal?.errors ?? {}}
            status={banner.status}
            message={bannerResult && "message" in bannerResult ? bannerResult.message : null}
            now={loaderData.now}
            busy={saving}
          />
        </Box>
      </Stack>
    </Page>
  );
}
