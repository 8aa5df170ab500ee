import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { Page } from "#app/components/page";
import { ProseSection, TextLink } from "#app/components/prose";
import { readSettings } from "#app/models/app-settings.server";
import { getDatabase } from "#app/utils/db.server";
import { featureEnabled } from "#app/settings/current-settings.server";
import type { Route } from "./+types/privacy-policy";

/** The policy states the keeping time the site really uses: the administrators' setting. */
export async function loader() {
  const { db } = getDatabase();
  const { analyticsRetentionDays } = await readSettings(db);
  // The administrators can switch the statistics off (/admin/application); the policy says when they have.
  return { analyticsRetentionDays, analyticsOn: await featureEnabled(db, "analytics") };
}

export const meta: Route.MetaFunction = () => [
  { title: "Privacy policy · Numberlab" },
  {
    name: "description",
    content:
      "Exactly what this Numberlab site stores about you, why, and for how long: your account, sessions, three cookies, contact messages, server logs and first-party usage statistics without cookies or IP addresses.",
  },
];

export default function PrivacyPolicy({ loaderData }: Route.ComponentProps) {
  const { analyticsRetentionDays, analyticsOn } = loaderData;
  return (
    <Page
      title="Privacy policy"
      lead="What this site stores about you, why, and for how long. In short: only what it needs to run the site, your account and your messages. There is no advertising, there are no third-party trackers, and nothing is sold."
    >
      <Typography variant="body2" color="text.secondary">
        Last updated: 27 November 2026
      </Typography>

      <ProseSection title="Who is responsible">
        <Typography>
          Numberlab is open-source software that anyone can run on their own server. This site is run by the operator of
          this site, who decides how it is set up and is responsible for the data described on this page. You can reach
          the operator through the <TextLink to="/contact">contact form</TextLink>.
        </Typography>
      </ProseSection>

      <ProseSection title="Your account">
        <Typography>When you create an account, the site stores:</Typography>
        <Box component="ul">
          <Typography component="li">your e-mail address, in lower case;</Typography>
          <Typography component="li">
            your password, but only as an argon2id hash: a one-way fingerprint from which the password cannot be read
            back. The password itself is never stored;
          </Typography>
          <Typography component="li">your role, learner or administrator;</Typography>
          <Typography component="li">your subscription status, if this site offers paid plans;</Typography>
          <Typography component="li">when the account was created and when it was last updated.</Typography>
        </Box>
        <Typography>
          These are used to sign you in, to open the chapters your account gives access to, and to let the site&apos;s
          administrators manage accounts.
        </Typography>
        <Typography>
          Signing up sends an e-mail to the address you gave, with a link that creates the account. Until you open it,
          the site keeps the address, your password&apos;s argon2id hash and a SHA-256 hash of the link&apos;s token,
          for one hour at most; the hourly clean-up then deletes them. If the site has no mail server configured, the
          e-mail is written to the server&apos;s log instead, where its operator can read it.
        </Typography>
      </ProseSection>

      <ProseSection title="Signing in">
        <Typography>
          When you log in, the site creates a random session token and puts it in a cookie named <code>__session</code>{" "}
          (<code>__Host-session</code> when the site is served over HTTPS). The cookie is signed by the server, cannot
          be read by scripts on the page (httpOnly), is left out of most requests that start on other sites
          (SameSite=Lax), is sent only over encrypted connections when the site is served over HTTPS (Secure), and is
          valid for 30 days unless you log out first. A session you do not use ends sooner: after 14 days for learners
          and 12 hours for administrators, unless the site&apos;s administrators chose other times.
        </Typography>
        <Typography>
          The database does not keep the token itself, only a SHA-256 hash of it, together with the time the session was
          created, the time it expires, and the first 200 characters of your browser&apos;s user-agent string (the name
          and version your browser reports). This lets the site recognise your session and lets sessions be revoked.
          Logging out deletes the session, and expired sessions are deleted by a clean-up that runs every hour.
        </Typography>
      </ProseSection>

      <ProseSection title="Cookies">
        <Typography>This site sets three cookies and no others:</Typography>
        <Box component="ul">
          <Typography component="li">
            <code>__session</code>, described above, while you are signed in;
          </Typography>
          <Typography component="li">
            <code>device</code> (<code>__Host-device</code> over HTTPS), set when you sign in and kept for 365 days. It
            holds, signed by the server, the identifier of your account and a random identifier of this browser, for at
            most five accounts. With it, wrong passwords typed for your account elsewhere cannot stop you from logging
            in on this browser: its own attempts are counted apart;
          </Typography>
          <Typography component="li">
            <code>color-scheme</code>, with the value light, dark or system, kept for 365 days so that each page is
            drawn in the colour theme you chose from its very first byte. It holds nothing else.
          </Typography>
        </Box>
        <Typography>None of these cookies is used for tracking or advertising.</Typography>
      </ProseSection>

      <ProseSection title="Messages you send us">
        <Typography>
          When you write through the contact form, or report a problem with a quiz question, the site stores your name,
          your e-mail address, the subject, the message and the time you sent it, and, if you were signed in, a link to
          your account (and, for a report, the question). They are used only to read and answer your message, and only
          the site&apos;s administrators can see them. An administrator&apos;s answer is sent to you by e-mail and kept
          with your message.
        </Typography>
      </ProseSection>

      <ProseSection title="Protection against abuse">
        <Typography>
          To slow down password guessing and floods of sign-ups or messages, the site counts attempts in short time
          windows: log-in attempts per IP address and per e-mail address, sign-ups and contact messages per IP address.
          No window is longer than one hour. Each counter holds the address it counts, the number of attempts and the
          end of its window, and it is deleted by the hourly clean-up once its window has ended.
        </Typography>
      </ProseSection>

      <ProseSection title="Server logs">
        <Typography>
          For each request, the server writes a line to its log output: the time, the method, the path (without the
          query string), the status of the response, its size, how long it took, a random request identifier and the
          first 200 characters of your browser&apos;s user-agent string. IP addresses are not written to the request
          log. The log helps the operator find faults and abuse.
        </Typography>
        <Typography>
          Answers that fail with a server error (status 500 or above) are also recorded in the database, with the time,
          the method, the path without its query string and the status, so that administrators see when something
          breaks. They hold no address and no user agent, and are deleted after 30 days.
        </Typography>
        <Typography>
          How long logs are kept depends on how the operator has set up the server. A proxy or hosting service in front
          of the site may keep logs of its own, which can include IP addresses.
        </Typography>
      </ProseSection>

      <ProseSection title="Usage statistics">
        {!analyticsOn && (
          <Typography>
            <strong>Switched off at the moment.</strong> The site&apos;s administrators have switched usage statistics
            off: your browser does not load the statistics script, and events sent by pages opened before are thrown
            away unread. Statistics stored before are kept until they are deleted as described below. What follows
            applies again if they switch it back on.
          </Typography>
        )}
        <Typography>
          To see which lessons, tools and quizzes help, this site counts how it is used. It does this itself: the
          statistics are sent to this site only, with no third-party script, no cookie and no advertising identifier.
          Your browser sends these events, in small batches:
        </Typography>
        <Box component="ul">
          <Typography component="li">
            <strong>page view</strong>: the page&apos;s path without the part after a question mark (which may hold a
            link&apos;s key), its route pattern such as <code>/quiz/:attemptId</code>, and the name of the other site
            that linked to it, if any (its host name only, such as <code>search.example.org</code>);
          </Typography>
          <Typography component="li">
            <strong>tool use</strong>: which tool; for a factorization the number of digits, the method, the seconds it
            took and whether it finished or was stopped; for a plot the number of curves; for the prime tools what was
            asked;
          </Typography>
          <Typography component="li">
            <strong>quiz answer</strong>: the skill, whether the answer was right and how many hints were used (not the
            answer itself);
          </Typography>
          <Typography component="li">
            <strong>chapter read</strong>, <strong>sign-up</strong> (how: password or another provider) and each{" "}
            <strong>step towards a subscription</strong> (plans viewed, checkout started, completed or cancelled, and
            the plan);
          </Typography>
          <Typography component="li">
            <strong>notification received</strong> and <strong>notification opened</strong>, with the campaign&apos;s
            name.
          </Typography>
        </Box>
        <Typography>
          With each event the site keeps when it happened and when it arrived, a random identifier of the event (so that
          an event sent twice is counted once), and the kind of device: phone, tablet or desktop, worked out from the
          width of the window. Nothing you type is sent. Events wait in your browser&apos;s local storage until the site
          has received them (at most 500, for at most 7 days), so that none is lost while you are offline.
        </Typography>
        <Typography>
          <strong>How visitors are counted.</strong> IP addresses are never stored. To count visitors, the server
          combines your IP address and your browser&apos;s user-agent string with a random secret that changes every day
          (in UTC), and keeps only a short SHA-256 fingerprint of the three. The secret of a day is deleted once the day
          is over; after that nobody, not even the operator, can work out which address a fingerprint came from, and the
          same browser gets an unrelated fingerprint the next day. So the site can tell how many visitors it had on a
          day, but not that the visitor of Monday came back on Tuesday.
        </Typography>
        <Typography>
          <strong>When nothing is recorded.</strong> If your browser sends Do Not Track or Global Privacy Control, no
          event is sent and the server stores none that arrive. Requests from search engines and other bots are not
          stored either. If you are signed in, you can switch usage statistics off in your{" "}
          <TextLink to="/profile">profile</TextLink>; your browsers then send none, and the server drops any that still
          arrive.
        </Typography>
        <Typography>
          <strong>Signed in.</strong> While you are signed in and have not switched them off, your events are linked to
          your account. They are part of the file you can download from your profile (&quot;export my data&quot;), and
          deleting your account deletes them.
        </Typography>
        <Typography>
          <strong>How long.</strong> Each event is kept for {analyticsRetentionDays} days, then deleted. Before that,
          the events of each day are added up into daily counts (how many page views of each page, how many visitors,
          which devices and tools); these counts hold no account, no fingerprint and no address, and are kept so that
          long-term charts remain possible. Only the site&apos;s administrators see the statistics.
        </Typography>
      </ProseSection>

      <ProseSection title="What this site does not do">
        <Box component="ul">
          <Typography component="li">
            It uses no third-party trackers and no third-party analytics, and no cookie for statistics.
          </Typography>
          <Typography component="li">It shows no advertising.</Typography>
          <Typography component="li">It does not sell, rent or trade your data.</Typography>
          <Typography component="li">
            It loads nothing from content delivery networks: its scripts, styles and fonts, including those that typeset
            formulas, are served by the site itself, so no other server learns which pages you read.
          </Typography>
        </Box>
      </ProseSection>

      <ProseSection title="Features that store more">
        <Typography>
          Some features are not offered by every Numberlab site. If this site offers them, they store the following:
        </Typography>
        <Box component="ul">
          <Typography component="li">
            <strong>Paid plans.</strong> If this site offers paid plans, you pay on the hosted checkout page of its card
            payment provider. Your card details go to the provider only; this site never sees card numbers. It keeps
            your subscription status and the provider&apos;s reference for you as a customer. The provider handles your
            payment under its own privacy policy.
          </Typography>
          <Typography component="li">
            <strong>Notifications.</strong> If you turn on notifications, your browser first asks for your permission.
            Only if you allow it does the site store your browser&apos;s push subscription: the address of your
            browser&apos;s push service and the keys that encrypt messages to it, tied to your signed-in session on that
            device, with the topics, reminder hour, time zone and quiet hours you choose. It is deleted when you sign
            out of that device, turn notifications off, or the push service says it no longer exists. The site keeps a
            record of each notification sent to you (whether it was delivered) for its delivery reports. You can
            withdraw the permission at any time in your browser&apos;s settings.
          </Typography>
          <Typography component="li">
            <strong>Signing in with another provider.</strong> If this site lets you sign in through another identity
            provider (OpenID Connect), it keeps the identifier that provider uses for your account, so that it can
            recognise you the next time.
          </Typography>
          <Typography component="li">
            <strong>Drafts.</strong> If a tool keeps your work between visits, such as a draft in a formula scratchpad,
            it keeps it in your browser&apos;s local storage, on your device.
          </Typography>
        </Box>
      </ProseSection>

      <ProseSection title="Your rights">
        <Typography>
          You can ask to see the data this site holds about you, to have it corrected, or to have it deleted. Write
          through the <TextLink to="/contact">contact form</TextLink>, and the operator will answer you. Deleting an
          account also deletes all of its sessions, which signs it out everywhere. Messages are kept so that the
          administrators can refer back to them; deleting an account deletes the messages sent from it or from its
          e-mail address, with the answers to them.
        </Typography>
        <Typography>
          Where data protection law gives you further rights, such as the right to complain to a supervisory authority,
          you keep them.
        </Typography>
      </ProseSection>

      <ProseSection title="Changes to this policy">
        <Typography>
          The operator may update this policy as the site changes, for example when one of the features above is turned
          on. The current version is always on this page, with the date of its last update at the top.
        </Typography>
      </ProseSection>
    </Page>
  );
}
