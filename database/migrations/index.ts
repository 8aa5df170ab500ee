import type { Migration } from "kysely";
import * as initial from "./0001_initial";
import * as emailTokens from "./0002_email_tokens";
import * as accounts from "./0003_accounts";
import * as identityPerProvider from "./0004_identity_per_provider";
import * as content from "./0005_content";
import * as quizzes from "./0006_quizzes";
import * as quizQuestions from "./0007_quiz_questions";
import * as primeRecords from "./0008_prime_records";
import * as primaryRecordSources from "./0009_primary_record_sources";
import * as subscriptions from "./0010_subscriptions";
import * as idempotentSubmissions from "./0011_idempotent_submissions";
import * as analytics from "./0012_analytics";
import * as idleSessionEndings from "./0013_idle_session_endings";
import * as webPush from "./0014_web_push";
import * as adminWorkspace from "./0015_admin_workspace";
import * as exerciseAnswers from "./0016_exercise_answers";
import * as dailyGoals from "./0017_daily_goals";
import * as search from "./0018_search";

/** Every migration, in order. Names are permanent once released. */
export const migrations: Record<string, Migration> = {
  "0001_initial": initial,
  "0002_email_tokens": emailTokens,
  "0003_accounts": accounts,
  "0004_identity_per_provider": identityPerProvider,
  "0005_content": content,
  "0006_quizzes": quizzes,
  "0007_quiz_questions": quizQuestions,
  "0008_prime_records": primeRecords,
  "0009_primary_record_sources": primaryRecordSources,
  "0010_subscriptions": subscriptions,
  "0011_idempotent_submissions": idempotentSubmissions,
  "0012_analytics": analytics,
  "0013_idle_session_endings": idleSessionEndings,
  "0014_web_push": webPush,
  "0015_admin_workspace": adminWorkspace,
  "0016_exercise_answers": exerciseAnswers,
  "0017_daily_goals": dailyGoals,
  "0018_search": search,
};
