/**
 * What a new scratchpad starts with: one of everything the format offers, to copy and change. Formulas that
 * start with a digit use \(…\), since a $ before a digit is money.
 */
export const SCRATCHPAD_SAMPLE = `### A worked example

Euclid showed that there are infinitely many primes. If $p_1, \\dots, p_k$ were all of them,
the number \\(N = p_1 p_2 \\cdots p_k + 1\\) would leave remainder \\(1\\) on division by each.

$$
2 \\cdot 3 \\cdot 5 \\cdot 7 \\cdot 11 \\cdot 13 + 1 = 30031 = 59 \\cdot 509
$$

A book that costs $5 is money, not maths; so is \\$ on its own.

:::theorem{title="Fermat's little theorem"}
If $p$ is prime and $p \\nmid a$, then \\[a^{p-1} \\equiv 1 \\pmod{p}.\\]
:::

::::exercise
What is the last digit of \\(7^{2026}\\)?

:::check{skill="last-digit-of-powers"}
integer 9 remainder mod 10
:::

:::hint
The last digits of \\(7, 7^2, 7^3, 7^4\\) are \\(7, 9, 3, 1\\).
:::

:::answer
\\(2026 = 4 \\cdot 506 + 2\\), so the last digit is that of \\(7^2\\): it is \\(9\\).
:::
::::

::widget{name="cycle-wheel" a="7" m="10"}
`;
