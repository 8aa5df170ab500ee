import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll } from "vitest";
import { cardFormSchema, type CardDetails } from "#app/billing/test-cards";
import type { PaymentEvent } from "#app/billing/payment-provider";
import { verifySignedEvent } from "#app/billing/signed-event.server";
import { now } from "#app/utils/clock";
import { stopServer } from "./loopback-server";

/**
 * A webhook endpoint on loopback for the test-mode provider's tests: it receives the provider's POSTs
 * over real HTTP, checks each signature as the app does (verifySignedEvent), and answers as the test
 * says: 200, a 500, or whatever `forward` answers (the app's receivePaymentWebhook, say).
 */
export interface WebhookEndpoint {
  /** The URL to give the provider as its webhook URL. */
  url: string;
  origin: string;
  /** Every delivery in arrival order, with its verified event (or why it did not verify). */
  deliveries: { body: string; signature: string | null; event: PaymentEvent | null; problem: string | null }[];
  /** 200 (the default), 500, or a function that answers. */
  answer: "ok" | "fail" | ((body: string, signature: string | null) => Promise<{ status: number; body: string }>);
  /** The verified events of one customer, in arrival order. */
  eventsOf(customerId: string): PaymentEvent[];
}

export function useWebhookEndpoint(secret: string): WebhookEndpoint {
  let server: Server | undefined;
  const endpoint: WebhookEndpoint = {
    url: "",
    origin: "",
    deliveries: [],
    answer: "ok",
    eventsOf: (customerId) =>
      endpoint.deliveries
        .map((delivery) => delivery.event)
        .filter((event): event is PaymentEvent => event?.customerId === customerId),
  };
  beforeAll(async () => {
    server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        const body = Buffer.concat(chunks).toString("utf8");
        const signature = request.headers["stripe-signature"];
        const header = typeof signature === "string" ? signature : null;
        let event: PaymentEvent | null = null;
        let problem: string | null = null;
        try {
          event = verifySignedEvent(body, header, secret, now());
        } catch (error) {
          problem = error instanceof Error ? error.message : String(error);
        }
        endpoint.deliveries.push({ body, signature: header, event, problem });
        const answer = endpoint.answer;
        const reply =
          answer === "ok"
            ? Promise.resolve({ status: 200, body: "ok" })
            : answer === "fail"
              ? Promise.resolve({ status: 500, body: "failing on purpose" })
              : answer(body, header);
        void reply.then(
          ({ status, body: text }) => response.writeHead(status, { "Content-Type": "text/plain" }).end(text),
          (error: unknown) => response.writeHead(500).end(String(error)),
        );
      });
    });
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    endpoint.origin = `http://127.0.0.1:${port}`;
    endpoint.url = `${endpoint.origin}/api/webhooks/payments`;
  });
  afterAll(() => stopServer(server));
  return endpoint;
}

/** A test card as the card form reads it (name, expiry and CVC filled in validly). */
export function testCard(number: string, at: Date = now()): CardDetails {
  return cardFormSchema(at).parse({
    cardName: "Ada Lovelace",
    cardNumber: number,
    cardExpiry: "12/49",
    cardCvc: "123",
  });
}

export const CARD = {
  succeeds: "4242 4242 4242 4242",
  declined: "4000 0000 0000 0002",
  confirmation: "4000 0025 0000 3155",
  failsLater: "4000 0000 0000 0341",
} as const;
