import list from "../data/common-passwords.txt?raw";
import { parseCommonPasswords, passwordProblem } from "./password-policy";

const commonPasswords = parseCommonPasswords(list);

/** The password policy with the shipped list of common passwords. */
export function newPasswordProblem(password: string, email: string): string | null {
  return passwordProblem(password, email, commonPasswords);
}
