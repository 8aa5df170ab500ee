import { describe, expect, it } from "vitest";
import { formValues } from "./form.server";
import { MAX_PART_HEADER_LINES } from "./multipart.server";
import { MAX_FORM_FIELDS, readForm } from "./read-form.server";

const URL_ENCODED = "application/x-www-form-urlencoded";

function post(body: BodyInit | null, contentType?: string): Request {
  const headers = new Headers();
  if (contentType !== undefined) headers.set("Content-Type", contentType);
  return new Request("http://localhost/contact", { method: "POST", body, headers });
}

/** A multipart request encoded by the fetch API, as a browser encodes a form. */
async function multipart(formData: FormData): Promise<Request> {
  const encoded = new Response(formData);
  return post(await encoded.arrayBuffer(), encoded.headers.get("Content-Type")!);
}

/** What readForm threw: the status and the message the error page shows. */
async function refusal(request: Request): Promise<{ status: number; message: string }> {
  try {
    await readForm(request);
  } catch (thrown) {
    // What `data(...)` makes: React Router turns it into the error response.
    const refused = thrown as { type?: string; init?: { status: number }; data?: { message: string } };
    if (refused.type === "DataWithResponseInit")
      return { status: refused.init!.status, message: refused.data!.message };
    throw thrown;
  }
  throw new Error("readForm accepted the request");
}

function fields(count: number, name = (index: number) => `f${index}`): string {
  return Array.from({ length: count }, (_, index) => `${name(index)}=`).join("&");
}

function rawMultipart(boundary: string, text: string): Request {
  return post(Buffer.from(text.replaceAll("\n", "\r\n"), "latin1"), `multipart/form-data; boundary=${boundary}`);
}

describe("readForm: url-encoded", () => {
  it("decodes fields, turns a repeated key into an array, and skips empty pieces", async () => {
    const values = await readForm(
      post("name=Ada+Lovelace&tag=primes&&tag=&tag=%C3%A9%2B1&flag&empty=&e%3Dq=a%3Db", URL_ENCODED),
    );
    expect({ ...values }).toEqual({
      name: "Ada Lovelace",
      tag: ["primes", "", "é+1"],
      flag: "",
      empty: "",
      "e=q": "a=b",
    });
  });

  it("accepts a charset parameter and any case in the media type", async () => {
    expect({ ...(await readForm(post("a=1", "Application/X-WWW-Form-Urlencoded; charset=UTF-8"))) }).toEqual({
      a: "1",
    });
  });

  it("keeps __proto__ and constructor as plain fields, polluting nothing", async () => {
    const values = await readForm(post("__proto__=x&__proto__=y&constructor=z&polluted=no", URL_ENCODED));
    expect(Object.getPrototypeOf(values)).toBeNull();
    expect(values.__proto__).toEqual(["x", "y"]);
    expect(values.constructor).toBe("z");
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("accepts exactly the field cap and refuses one more with 413, naming both numbers", async () => {
    expect(Object.keys(await readForm(post(fields(MAX_FORM_FIELDS), URL_ENCODED)))).toHaveLength(MAX_FORM_FIELDS);
    expect(await refusal(post(fields(MAX_FORM_FIELDS + 1), URL_ENCODED))).toEqual({
      status: 413,
      message: "This form sent 1,001 fields; at most 1,000 are accepted.",
    });
    // Empty pieces count too: the cap is counted before anything is parsed.
    expect((await refusal(post("&".repeat(40_000), URL_ENCODED))).message).toBe(
      "This form sent 40,001 fields; at most 1,000 are accepted.",
    );
  });

  it("refuses 100,000 fields by their count, before reading any of them", async () => {
    // The quadratic reader this replaced took seconds for 40,000 fields; the count comes first (its
    // speed is a matter for benchmarks, not for a timed assertion on a shared machine).
    const body = fields(100_000);
    expect(body.length).toBeLessThan(1024 * 1024);
    expect(await refusal(post(body, URL_ENCODED))).toEqual({
      status: 413,
      message: "This form sent 100,000 fields; at most 1,000 are accepted.",
    });
  });

  it("refuses a broken %-escape, invalid UTF-8 and NUL with 400", async () => {
    const broken = "This form could not be read: it contains a broken %-escape.";
    expect(await refusal(post("name=100%", URL_ENCODED))).toEqual({ status: 400, message: broken });
    expect(await refusal(post("na%zzme=1", URL_ENCODED))).toEqual({ status: 400, message: broken });
    // %C3 alone and %FF are not UTF-8 once decoded.
    expect(await refusal(post("name=%C3", URL_ENCODED))).toEqual({ status: 400, message: broken });
    expect(await refusal(post("name=%FF", URL_ENCODED))).toEqual({ status: 400, message: broken });
    expect(await refusal(post(Buffer.from([0x61, 0x3d, 0xff]), URL_ENCODED))).toEqual({
      status: 400,
      message: "This form could not be read: its body is not valid UTF-8.",
    });
    const nul = { status: 400, message: "This form could not be read: it contains a NUL character." };
    expect(await refusal(post("name=a%00b", URL_ENCODED))).toEqual(nul);
    expect(await refusal(post("na%00me=a", URL_ENCODED))).toEqual(nul);
    expect(await refusal(post("tag=a&tag=%00", URL_ENCODED))).toEqual(nul);
  });
});

describe("readForm: multipart", () => {
  it("reads what the fetch API encodes: text, repeated fields, unicode and files", async () => {
    const form = new FormData();
    form.append("name", "Ada");
    form.append("tag", "primes");
    form.append("tag", "orders");
    form.append("prénom", "Zoë \r\n line two");
    form.append("__proto__", "kept");
    form.append("avatar", new File(["hello"], "hé llo.txt", { type: "text/plain" }));
    form.append("empty", "");
    const values = await readForm(await multipart(form));
    expect(Object.getPrototypeOf(values)).toBeNull();
    expect(values.name).toBe("Ada");
    expect(values.tag).toEqual(["primes", "orders"]);
    expect(values["prénom"]).toBe("Zoë \r\n line two");
    expect(values.__proto__).toBe("kept");
    expect(values.empty).toBe("");
    const avatar = values.avatar as File;
    expect(avatar).toBeInstanceOf(File);
    expect(avatar.name).toBe("hé llo.txt");
    expect(avatar.type).toBe("text/plain");
    expect(await avatar.text()).toBe("hello");
  });

  it("reads quoted boundaries, a preamble, transport padding and an epilogue", async () => {
    const request = post(
      Buffer.from(
        'preamble\r\n--b 1\r\nContent-Disposition: form-data; name="a"\r\n\r\nx\r\n--b 1  \r\n' +
          'content-disposition: form-data; name="b\\"q"\r\n\r\ny\r\n--b 1--\r\nepilogue',
      ),
      'multipart/form-data; boundary="b 1"',
    );
    expect({ ...(await readForm(request)) }).toEqual({ a: "x", 'b"q': "y" });
  });

  it("accepts exactly the part cap and refuses one more with 413", async () => {
    const form = new FormData();
    for (let index = 0; index < MAX_FORM_FIELDS; index += 1) form.append(`f${index}`, "");
    expect(Object.keys(await readForm(await multipart(form)))).toHaveLength(MAX_FORM_FIELDS);
    form.append("one-more", "");
    expect(await refusal(await multipart(form))).toEqual({
      status: 413,
      message: "This form sent 1,001 fields; at most 1,000 are accepted.",
    });
  });

  it("refuses malformed bodies with 400 and says what is wrong", async () => {
    const cases: [Request, string][] = [
      [post("a=1", "multipart/form-data"), "its multipart Content-Type names no boundary"],
      [rawMultipart("b", "garbage"), "it does not start with its boundary"],
      [
        rawMultipart("b", '--b\nContent-Disposition: form-data; name="a"\n\nno end'),
        "it is not closed by its boundary",
      ],
      [
        rawMultipart("b", '--bx\nContent-Disposition: form-data; name="a"\n\nv\n--b--'),
        "a boundary line has extra text",
      ],
      [rawMultipart("b", "--b\nContent-Disposition: form-data\n\nv\n--b--"), "a part has no name"],
      [
        rawMultipart("b", '--b\nContent-Disposition: attachment; name="a"\n\nv\n--b--'),
        "a part is not a form-data part",
      ],
      [
        rawMultipart("b", '--b\nContent-Disposition: form-data; name="a"\nbroken\n\nv\n--b--'),
        "a part has a header line without a name",
      ],
      [
        rawMultipart(
          "b",
          `--b\nContent-Disposition: form-data; name="a"\n${"X-A: 1\n".repeat(MAX_PART_HEADER_LINES)}\nv\n--b--`,
        ),
        "a part has too many headers",
      ],
      [rawMultipart("b", `--b\nX-Long: ${"x".repeat(9000)}\n\nv\n--b--`), "a part's headers are missing or too long"],
      [rawMultipart("b", '--b\nContent-Disposition: form-data; name="a"\n\n\xff\n--b--'), "a part is not valid UTF-8"],
    ];
    for (const [request, problem] of cases) {
      const { status, message } = await refusal(request);
      expect({ status, message }, problem).toEqual({
        status: 400,
        message: problem.startsWith("its multipart")
          ? `This form could not be read: ${problem}.`
          : `This form could not be read: its multipart body is malformed (${problem}).`,
      });
    }
    const nul = new FormData();
    nul.append("name", "a\0b");
    expect((await refusal(await multipart(nul))).message).toBe(
      "This form could not be read: it contains a NUL character.",
    );
  });

  it("refuses the slowest body for the fetch API's parser, many header lines, at its header-size limit", async () => {
    // The fetch API's parser takes quadratic time on this; ours stops at the size limit of a part's
    // headers (its speed is a matter for benchmarks, not for a timed assertion on a shared machine).
    const headerFlood = `--b\nContent-Disposition: form-data; name="a"\n${"X-H: y\n".repeat(100_000)}\nv\n--b--`;
    expect(await refusal(rawMultipart("b", headerFlood))).toEqual({
      status: 400,
      message:
        "This form could not be read: its multipart body is malformed (a part's headers are missing or too long).",
    });
  });
});

describe("readForm: content types", () => {
  it("refuses a body that is not a form with 415, naming what came and what is accepted", async () => {
    const accepted = "application/x-www-form-urlencoded or multipart/form-data, as a browser does";
    expect(await refusal(post("a=1"))).toEqual({
      status: 415,
      message: `This form was sent as text/plain;charset=UTF-8; send it as ${accepted}.`,
    });
    expect(await refusal(post(JSON.stringify({ a: 1 }), "application/json"))).toEqual({
      status: 415,
      message: `This form was sent as application/json; send it as ${accepted}.`,
    });
    expect(await refusal(post(new Blob(["a=1"])))).toEqual({
      status: 415,
      message: `This form was sent without a Content-Type; send it as ${accepted}.`,
    });
    expect((await refusal(post("a=1", `text/${"x".repeat(500)}`))).message).toHaveLength(
      `This form was sent as ; send it as ${accepted}.`.length + 81,
    );
  });

  it("takes a bare POST as an empty form only where allowed", async () => {
    expect({ ...(await readForm(post(null), { allowEmpty: true })) }).toEqual({});
    expect((await refusal(post(null))).status).toBe(415);
    await expect(readForm(post(new Blob(["a=1"])), { allowEmpty: true })).rejects.toMatchObject({
      init: { status: 415 },
    });
  });
});

describe("formValues", () => {
  it("takes time in proportion to the fields: 100,000 distinct fields in under a second, not minutes", () => {
    const entries = Array.from({ length: 100_000 }, (_, index): [string, string] => [`f${index}`, ""]);
    const started = performance.now();
    const values = formValues(entries);
    // The old reader called getAll once per key: 40,000 fields took 6 s, 80,000 took 31 s. A hang guard
    // with room for a loaded machine (it took 270 ms while two cores ran five test suites), not a benchmark.
    expect(performance.now() - started).toBeLessThan(1000);
    expect(Object.keys(values)).toHaveLength(100_000);
    const repeated = formValues(Array.from({ length: 100_000 }, (_, index): [string, string] => ["k", String(index)]));
    expect((repeated.k as string[]).at(-1)).toBe("99999");
  });
});
