import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";
import { courseChapters } from "./chapters";
import { routeRules } from "./route-rules";
import { upcomingPages, type PageAccess } from "./upcoming-pages";

/**
 * The one URL map. Access rules (SPEC.md §1) are layout routes whose
 * middleware runs before every loader and action below them.
 */
function upcoming(access: PageAccess) {
  return upcomingPages
    .filter((page) => page.access === access)
    .map((page) => route(page.path, "routes/upcoming-page.tsx", { id: `upcoming/${page.path}` }));
}

export default [
  // Public.
  index("routes/marketing/home.tsx"),
  route("about", "routes/marketing/about.tsx"),
  route("contact", "routes/marketing/contact.tsx"),
  route("privacy-policy", "routes/marketing/privacy-policy.tsx"),
  route("terms", "routes/marketing/terms.tsx"),
  route("subscribe", "routes/billing/subscribe.tsx"),
  route("success", "routes/billing/success.tsx"),
  route("cancel", "routes/billing/cancel.tsx"),
  route("prime-factorization-engine", "routes/tools/prime-factorization-engine.tsx"),
  route("prime-discoveries", "routes/tools/prime-discoveries.tsx"),
  ...upcoming("public"),
  ...routeRules.map((rule) => route(rule.from.slice(1), "routes/resources/route-rule.ts", { id: `rule${rule.from}` })),
  route("logout", "routes/auth/logout.ts"),
  route("reset-password/confirm", "routes/auth/reset-password-confirm.tsx"),
  route("verify-email", "routes/auth/verify-email.tsx"),
  route("change-email/confirm", "routes/auth/change-email-confirm.tsx"),
  route("chapter", "routes/chapters/course-map.tsx"),
  route("tests", "routes/labs/index.tsx"),
  route("tests/newlogin", "routes/labs/alternative-sign-in.tsx"),
  route("tests/editor", "routes/labs/formula-scratchpad.tsx"),
  route("tests/editor2", "routes/labs/formula-scratchpad-palette.tsx"),
  route("tests/complex_wave", "routes/labs/complex-wave.tsx"),
  route("tests/anime", "routes/labs/number-patterns.tsx"),
  route("tests/ploting", "routes/labs/plot-formula.tsx"),
  route("tests/plotfunction", "routes/labs/plot-function.tsx"),
  route("tests/sin", "routes/labs/sine-explorer.tsx"),
  route("tests/sin2", "routes/labs/fourier-square-wave.tsx"),
  route("tests/sin3", "routes/labs/unit-circle-sine.tsx"),
  route("tests/sinwave", "routes/labs/travelling-sine-wave.tsx"),
  route("tests/makevideo", "routes/labs/plot-video.tsx"),
  route("tests/quiz_test", "routes/labs/sample-quiz.tsx"),
  route("tests/buy", "routes/labs/buy.tsx"),
  route("auth/passkey/sign-in/options", "routes/auth/passkey-sign-in-options.ts"),
  route("auth/passkey/sign-in", "routes/auth/passkey-sign-in.ts"),
  route("auth/oidc/:provider", "routes/auth/oidc-start.tsx"),
  route("auth/oidc/:provider/callback", "routes/auth/oidc-callback.tsx"),
  // Public, not guest-only: a signed-in visitor who started a provider sign-in must be able to finish it.
  route("login/link-account", "routes/auth/link-account.tsx"),
  // The built-in test payment provider's hosted pages (404 with Stripe): their unguessable id is their key.
  route("test-payments/checkout/:sessionId", "routes/billing/test-checkout.tsx"),
  route("test-payments/portal/:portalId", "routes/billing/test-portal.tsx"),
  route("test-payments/invoices/:invoiceId", "routes/billing/test-invoice.tsx"),

  // Resources.
  route("healthz", "routes/resources/healthz.ts"),
  route("builds/latest.json", "routes/resources/builds-latest.ts"),
  route("builds/meta/:file", "routes/resources/builds-meta.ts"),
  route("api/factor", "routes/resources/api-factor.ts"),
  route("api/events", "routes/resources/api-events.ts"),
  route("api/push/subscription", "routes/resources/api-push-subscription.ts"),
  route("api/webhooks/payments", "routes/resources/payment-webhook.ts"),

  layout("routes/access/guest-only.ts", [
    route("login", "routes/auth/login.tsx"),
    route("signup/confirm", "routes/auth/signup-confirm.tsx"),
    route("reset-password", "routes/auth/reset-password.tsx"),
    route("login/email-link", "routes/auth/email-link.tsx"),
  ]),

  layout("routes/access/requires-auth.ts", [
    route("profile", "routes/account/profile.tsx"),
    route("profile/export", "routes/account/profile-export.ts"),
    route("profile/delete", "routes/account/profile-delete.tsx"),
    route("profile/billing/portal", "routes/billing/portal.ts"),
    route("profile/passkeys", "routes/account/passkeys.ts"),
    route("profile/identities", "routes/account/identities.ts"),
    route("auth/passkey/register/options", "routes/auth/passkey-register-options.ts"),
    route("auth/passkey/register", "routes/auth/passkey-register.ts"),
    ...courseChapters.map((chapter) =>
      route(`chapter/${chapter.slug}`, "routes/chapters/chapter.tsx", { id: `chapter/${chapter.slug}` }),
    ),
    route("chapter/:chapterName", "routes/chapters/chapter.tsx", { id: "chapter/:chapterName" }),
    route("chapter/:chapterName/quiz", "routes/quizzes/chapter-quiz.tsx"),
    route("practice", "routes/quizzes/practice.tsx"),
    route("quiz/:attemptId", "routes/quizzes/attempt.tsx"),
    route("quiz/:attemptId/results", "routes/quizzes/results.tsx"),
    route("quiz/set/:setId", "routes/quizzes/set-quiz.tsx"),
  ]),

  layout("routes/access/requires-admin.ts", [
    // One navigation for the admin area: the menu beside every admin page and admin lab.
    layout("routes/admin/admin-layout.tsx", [
      route("admin", "routes/admin/overview.tsx"),
      route("admin/adminMessage", "routes/admin/contact-inbox.tsx"),
      route("admin/adminUser", "routes/admin/users.tsx"),
      route("admin/adminUser/audit", "routes/admin/audit-log.tsx"),
      route("tests/user-info", "routes/labs/session-details.tsx"),
      route("tests/atom", "routes/labs/atomic-model.tsx"),
      route("tests/orbit", "routes/labs/orbit-animation.tsx"),
      route("tests/plotly", "routes/labs/surface-plots.tsx"),
      route("tests/plotly2", "routes/labs/contour-plots.tsx"),
      route("tests/Plotter", "routes/labs/plotter.tsx"),
      route("tests/quiz", "routes/labs/quiz-preview.tsx"),
      route("tests/validator", "routes/labs/answer-validator.tsx"),
      route("tests/validator2", "routes/labs/answer-validator-batch.tsx"),
      route("tests/testm", "routes/labs/maths-input.tsx"),
      route("tests/test", "routes/labs/system-diagnostics.tsx"),
      route("tests/unique-id", "routes/labs/identifier-generator.tsx"),
      route("tests/mychart", "routes/labs/usage-charts.tsx"),
      route("admin/admin", "routes/admin/dashboard.tsx"),
      route("admin/admin2", "routes/admin/analytics.tsx"),
      route("admin/admin2/csv/:table", "routes/admin/analytics-csv.ts"),
      route("admin/mailbox", "routes/admin/mailbox.tsx"),
      route("admin/application", "routes/admin/application.tsx"),
      route("admin/sendNotification", "routes/admin/send-notification.tsx"),
      route("admin/sendNotification/audience", "routes/admin/send-notification-audience.ts"),
      route("admin/sendNotification/:sendId", "routes/admin/send-notification-report.tsx"),
      route("admin/generate", "routes/admin/generate.tsx"),
      route("admin/generate/:setId", "routes/admin/problem-set.tsx"),
      route("admin/content", "routes/admin/content.tsx"),
      route("admin/content/questions/:questionId", "routes/admin/content-question.tsx"),
      route("admin/content/primes", "routes/admin/content-primes.tsx"),
      route("admin/content/primes/:recordId", "routes/admin/content-prime-record.tsx"),
      route("admin/content/:chapterId", "routes/admin/content-chapter.tsx"),
      route("admin/content/:chapterId/sections/:sectionId", "routes/admin/content-section.tsx"),
      route("admin/content/:chapterId/sections/:sectionId/revisions/:revision", "routes/admin/content-revision.tsx"),
      ...upcoming("admin"),
    ]),
  ]),

  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
