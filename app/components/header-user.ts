/** What the shell shows of the signed-in user. */
export interface HeaderUser {
  email: string;
  role: "user" | "admin";
}
