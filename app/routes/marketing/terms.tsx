import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { Page } from "#app/components/page";
import { ProseSection, TextLink } from "#app/components/prose";
import type { Route } from "./+types/terms";

export const meta: Route.MetaFunction = () => [
  { title: "Terms of use · Numberlab" },
  {
    name: "description",
    content:
      "The rules for using this Numberlab site: accounts, acceptable use, content, accuracy, paid plans, availability and liability.",
  },
];

export default function Terms() {
  return (
    <Page
      title="Terms of use"
      lead="The rules for using this site. They are meant to be short and fair, so please take a few minutes to read them."
    >
      <Typography variant="body2" color="text.secondary">
        Last updated: 21 November 2026
      </Typography>

      <ProseSection title="Using this site">
        <Typography>
          This Numberlab site is run by the operator of this site. By using it, you agree to these terms; if you do not
          agree, please do not use it. You are welcome to use the site for your own learning and for teaching others.
        </Typography>
      </ProseSection>

      <ProseSection title="Your account">
        <Box component="ul">
          <Typography component="li">
            Give an e-mail address that is yours and that you can read, so that you can be reached about your account.
          </Typography>
          <Typography component="li">
            Keep your password secret. If you think someone else knows it, let the operator know through the{" "}
            <TextLink to="/contact">contact form</TextLink>.
          </Typography>
          <Typography component="li">
            An account is for one person. Do not share it; you are responsible for what is done with it.
          </Typography>
          <Typography component="li">
            If you are too young to agree to terms like these where you live, ask a parent or guardian to agree to them
            for you.
          </Typography>
        </Box>
        <Typography>
          The operator may disable an account that is used to abuse the service or that breaks these terms.
        </Typography>
      </ProseSection>

      <ProseSection title="Acceptable use">
        <Typography>When you use this site, do not:</Typography>
        <Box component="ul">
          <Typography component="li">
            attack it, probe it for weaknesses, overload it or try to get around its access rules;
          </Typography>
          <Typography component="li">use another person&apos;s account or try to find out their password;</Typography>
          <Typography component="li">
            scrape or download it automatically in a way that slows it down or harms the service for others;
          </Typography>
          <Typography component="li">
            use the contact form or any other message to harass, threaten or insult anyone, or to send spam.
          </Typography>
        </Box>
      </ProseSection>

      <ProseSection title="Content">
        <Typography>
          The lessons, quizzes and tools are provided to help you learn. The Numberlab software is open source: you may
          use, change and share it under the terms of its licence. The content of this particular site, such as the text
          of its lessons and quizzes, belongs to its operator and authors. You may use it for your own learning and
          teaching, but not republish it without their permission.
        </Typography>
      </ProseSection>

      <ProseSection title="Accuracy">
        <Typography>
          The mathematics on this site is checked carefully, and the numbers the tools show are checked against
          independent computations. Even so, mistakes can slip through, and the site is provided as it is, without any
          warranty that it is complete or free of errors. Please do not rely on it where an error could cause harm, for
          example to create cryptographic keys.
        </Typography>
        <Typography>
          If you find a mistake, please report it through the <TextLink to="/contact">contact form</TextLink>; every
          report helps other learners.
        </Typography>
      </ProseSection>

      <ProseSection title="Paid plans">
        <Typography>If this site offers paid plans:</Typography>
        <Box component="ul">
          <Typography component="li">
            the prices and what each plan includes are shown on the <TextLink to="/subscribe">Subscribe</TextLink> page
            before you pay;
          </Typography>
          <Typography component="li">
            payments are taken by the card payment provider, at the start of each monthly or yearly period, until you
            cancel;
          </Typography>
          <Typography component="li">
            you can cancel at any time through the provider&apos;s customer portal. You keep access until the end of the
            period you have paid for, and you are not charged again;
          </Typography>
          <Typography component="li">
            refunds are given as the consumer law that applies to you requires, and any right it gives you to withdraw
            from a purchase is unaffected.
          </Typography>
        </Box>
      </ProseSection>

      <ProseSection title="Availability">
        <Typography>
          The operator tries to keep the site running, but does not guarantee that it will always be available, fast or
          free of faults. The site may be taken offline for maintenance, and its features may change.
        </Typography>
      </ProseSection>

      <ProseSection title="Liability">
        <Typography>
          As far as the law allows, the operator is not liable for any loss or damage that comes from using the site or
          from being unable to use it. Nothing in these terms limits any liability that cannot be limited by law, or
          takes away your rights as a consumer.
        </Typography>
      </ProseSection>

      <ProseSection title="Your privacy">
        <Typography>
          What the site stores about you, and why, is described in the{" "}
          <TextLink to="/privacy-policy">privacy policy</TextLink>.
        </Typography>
      </ProseSection>

      <ProseSection title="Changes to these terms">
        <Typography>
          The operator may change these terms, for example when the site gains a new feature. The current version is
          always on this page, with the date of its last update at the top. If you keep using the site after a change,
          the new terms apply to you.
        </Typography>
      </ProseSection>

      <ProseSection title="Contact">
        <Typography>
          Questions about these terms are welcome through the <TextLink to="/contact">contact form</TextLink>.
        </Typography>
      </ProseSection>
    </Page>
  );
}
