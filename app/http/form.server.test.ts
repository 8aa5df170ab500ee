import { describe, expect, it } from "vitest";
import { z } from "zod";
import { EMAIL_MAX_LENGTH } from "../utils/email-rules";
import { emailField, fieldErrors, formValues, submittedText, textField } from "./form.server";

/** The messages zod gives for `value`, or "ok:<parsed>" when it passes. */
function outcome(schema: z.ZodType, value: unknown): string {
  const result = schema.safeParse(value);
  return result.success ? `ok:${String(result.data)}` : (fieldErrors(result.error).form ?? "no message");
}

describe("formValues", () => {
  it("turns single fields into strings and repeated fields into arrays in order", () => {
    const formData = new FormData();
    formData.append("email", "ada@example.org");
    formData.append("tag", "primes");
    formData.append("tag", "");
    formData.append("tag", "orders");
    formData.append("empty", "");
    expect(formValues(formData)).toEqual({ email: "ada@example.org", tag: ["primes", "", "orders"], empty: "" });
  });

  it("keeps File values as files, alone or among strings", () => {
    const formData = new FormData();
    const file = new File(["hello"], "hello.txt", { type: "text/plain" });
    formData.append("avatar", file);
    formData.append("mixed", "text");
    formData.append("mixed", new File(["x"], "x.bin"));
    const values = formValues(formData);
    expect(values.avatar).toBeInstanceOf(File);
    expect((values.avatar as File).name).toBe("hello.txt");
    expect(Array.isArray(values.mixed)).toBe(true);
    const [first, second] = values.mixed as unknown[];
    expect(first).toBe("text");
    expect(second).toBeInstanceOf(File);
  });

  it("gives an empty object for an empty form", () => {
    expect(formValues(new FormData())).toEqual({});
  });

  it("makes a repeated field fail a schema that expects one string", () => {
    const formData = new FormData();
    formData.append("name", "Ada");
    formData.append("name", "Eve");
    const result = z.object({ name: textField("your name", { max: 100 }) }).safeParse(formValues(formData));
    expect(result.success).toBe(false);
  });
});

describe("fieldErrors", () => {
  it("keeps the first message of each field and puts path-less issues under form", () => {
    const schema = z
      .object({
        name: z
          .string()
          .min(3, "name too short")
          .regex(/^[a-z]+$/, "name not lowercase"),
        age: z.number({ error: "age must be a number" }),
      })
      .refine(() => false, "the form as a whole is wrong");
    const result = schema.safeParse({ name: "A", age: "x" });
    expect(result.success).toBe(false);
    expect(fieldErrors(result.error!)).toEqual({ name: "name too short", age: "age must be a number" });

    const whole = schema.safeParse({ name: "ada", age: 3 });
    expect(fieldErrors(whole.error!)).toEqual({ form: "the form as a whole is wrong" });
  });

  it("uses the top-level field name for nested paths", () => {
    const result = z.object({ address: z.object({ city: z.string("city missing") }) }).safeParse({ address: {} });
    expect(fieldErrors(result.error!)).toEqual({ address: "city missing" });
  });
});

describe("submittedText", () => {
  it("gives back the string values of the named fields and empty text for anything else", () => {
    const values = {
      name: "Ada",
      email: ["a@example.org", "b@example.org"],
      avatar: new File(["x"], "x.png"),
      password: "secret",
    };
    expect(submittedText(values, ["name", "email", "avatar", "missing"])).toEqual({
      name: "Ada",
      email: "",
      avatar: "",
      missing: "",
    });
  });

  it("returns only the fields asked for, so a password is never echoed by accident", () => {
    expect(submittedText({ name: "Ada", password: "secret" }, ["name"])).toEqual({ name: "Ada" });
    expect(submittedText({}, [])).toEqual({});
  });
});

describe("textField", () => {
  const subject = textField("a subject", { max: 10 });
  const message = textField("your message", { min: 5, max: 20 });

  it("trims a valid value", () => {
    expect(outcome(subject, "  Primes \n")).toBe("ok:Primes");
    expect(outcome(subject, "0123456789")).toBe("ok:0123456789");
  });

  it("asks for a value that is missing, empty or only whitespace", () => {
    expect(outcome(subject, "")).toBe("Enter a subject.");
    expect(outcome(subject, " \t\n ")).toBe("Enter a subject.");
    // The "at least" message stays behind the "enter" message for an empty value.
    expect(outcome(message, "   ")).toBe("Enter your message.");
  });

  it("names the minimum and maximum length, measured after trimming", () => {
    expect(outcome(message, "abcd")).toBe("Your message must be at least 5 characters.");
    expect(outcome(message, "  abcd  ")).toBe("Your message must be at least 5 characters.");
    expect(outcome(message, "  abcde  ")).toBe("ok:abcde");
    expect(outcome(subject, "01234567890")).toBe("A subject must be at most 10 characters.");
    expect(outcome(subject, `   ${"x".repeat(10)}   `)).toBe(`ok:${"x".repeat(10)}`);
  });

  it("refuses a value that is not one piece of text", () => {
    for (const value of [["a", "b"], undefined, null, 42, new File(["x"], "x.txt")]) {
      expect(outcome(subject, value), String(value)).toBe("A subject must be a single piece of text.");
    }
  });
});

describe("emailField", () => {
  it("trims a valid address", () => {
    expect(outcome(emailField, "  ada@example.org  ")).toBe("ok:ada@example.org");
  });

  it("asks for an address that is empty or only whitespace", () => {
    expect(outcome(emailField, "")).toBe("Enter your e-mail address.");
    expect(outcome(emailField, "   ")).toBe("Enter your e-mail address.");
  });

  it("refuses an address that is not an address", () => {
    for (const value of ["ada", "ada@", "@example.org", "ada@example", "ada example@example.org", "a@b@c.org"]) {
      expect(outcome(emailField, value), value).toBe("Enter a valid e-mail address, like name@example.com.");
    }
  });

  it("refuses an address longer than the maximum with the length message", () => {
    const tooLong = `${"a".repeat(EMAIL_MAX_LENGTH - "@example.org".length + 1)}@example.org`;
    expect(tooLong).toHaveLength(EMAIL_MAX_LENGTH + 1);
    expect(outcome(emailField, tooLong)).toBe(`The e-mail address must be at most ${EMAIL_MAX_LENGTH} characters.`);
  });

  it("refuses a value that is not one piece of text", () => {
    for (const value of [["a@example.org", "b@example.org"], undefined, 1, new File(["x"], "x.txt")]) {
      expect(outcome(emailField, value), String(value)).toBe("The e-mail address must be a single piece of text.");
    }
  });
});
