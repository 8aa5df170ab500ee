import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { data, Form, useNavigation } from "react-router";
import { z } from "zod";
import { Page } from "#app/components/page";
import { readSettings, SETTINGS, writeSetting, type SettingKey } from "#app/models/app-settings.server";
import { recordAudit } from "#app/models/audit-log.server";
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
  const settings = await readSettings(getDatabase().db);
  const currency = settings.planCurrency;
  return {
    settings,
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

export async function action({ request, context }: Route.ActionArgs) {
  const admin = requireUser(context);
  const values = await readForm(request);
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
  await db.transaction().execute(async (trx) => {
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

export default function Application({ loaderData, actionData }: Route.ComponentProps) {
  const { settings, bounds, prices, priceSummary } = loaderData;
  const saving = useNavigation().state !== "idle";
  const refused = actionData && "errors" in actionData ? actionData : null;
  const sections = [...new Set(FIELDS.map((field) => field.section))];
  return (
    <Page
      title="Settings"
      lead="How the application behaves for every learner. Changes apply at once and are written to the audit log."
    >
      <Form method="post">
        <Stack spacing={4} sx={{ maxWidth: "32rem" }}>
          {actionData && "saved" in actionData && (
            <Alert severity="success" role="status">
              Saved.
            </Alert>
          )}
          {sections.map((section) => (
            <Box component="section" key={section} aria-labelledby={sectionId(section)}>
              <Typography id={sectionId(section)} variant="h6" component="h2" sx={{ mb: 2 }}>
                {section}
              </Typography>
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
    </Page>
  );
}
