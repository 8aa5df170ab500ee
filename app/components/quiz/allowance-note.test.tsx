import { ThemeProvider } from "@mui/material/styles";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { theme } from "#app/theme/theme";
import { AllowanceNote, timeUntil, type AllowanceView } from "./allowance-note";

const at = (iso: string) => new Date(iso);

/** The note as the server renders it, as text: the server knows no time zone, so the reset is in UTC. */
function renderedText(allowance: AllowanceView): string {
  const router = createMemoryRouter([{ path: "/", element: <AllowanceNote allowance={allowance} id="allowance" /> }]);
  const html = renderToString(
    <ThemeProvider theme={theme}>
      <RouterProvider router={router} />
    </ThemeProvider>,
  );
  return html
    .replace(/<style[^>]*>[\s\S]*?<\/style>/g, "")
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/<[^>]+>/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

const allowance = (usedToday: number, limit: number | null): AllowanceView => ({
  limit,
  usedToday,
  renewsAt: "2040-03-05T00:00:00.000Z",
  now: "2040-03-04T19:10:00.000Z",
});

describe("the time until the daily reset", () => {
  it("is told in minutes under an hour and in rounded hours beyond", () => {
    const reset = at("2040-03-05T00:00:00Z");
    expect(timeUntil(reset, at("2040-03-04T19:10:00Z"))).toBe("in 5 hours");
    expect(timeUntil(reset, at("2040-03-04T18:20:00Z"))).toBe("in 6 hours");
    expect(timeUntil(reset, at("2040-03-04T23:00:00Z"))).toBe("in 1 hour");
    expect(timeUntil(reset, at("2040-03-04T23:20:30Z"))).toBe("in 40 minutes");
    expect(timeUntil(reset, at("2040-03-04T23:59:30Z"))).toBe("in less than a minute");
    expect(timeUntil(reset, at("2040-03-05T00:00:10Z"))).toBe("in less than a minute");
  });
});

describe("the allowance note", () => {
  it("says what is left and when the count resets", () => {
    expect(renderedText(allowance(2, 5))).toBe(
      "3 of 5 free quizzes left today. A quiz counts once you check its first answer; the count resets at midnight UTC, in 5 hours.",
    );
  });

  it("at the limit, says what was used and when it resets, and names premium once", () => {
    const text = renderedText(allowance(5, 5));
    expect(text).toBe(
      "You have used 5 of 5 free quizzes today. They reset at midnight UTC, in 5 hours. Premium has unlimited quizzes.",
    );
    expect(text.match(/Premium/g)).toHaveLength(1);
  });

  it("says nothing to a learner without a limit", () => {
    expect(renderedText(allowance(12, null))).toBe("");
  });
});
