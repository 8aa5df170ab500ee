import Link from "@mui/material/Link";

/** A record's sources as links named by their sites, e.g. "t5k.org, mersenne.org". */
export function SourceLinks({ addresses }: { addresses: readonly string[] }) {
  return addresses.map((address, index) => (
    <span key={address}>
      {index > 0 && ", "}
      <Link href={address} rel="noreferrer">
        {siteOf(address)}
      </Link>
    </span>
  ));
}

function siteOf(address: string): string {
  try {
    return new URL(address).hostname.replace(/^www\./, "");
  } catch {
    return address;
  }
}
