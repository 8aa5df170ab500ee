\\ The ECM cases of issue 24: N = p·q with a 20-digit p and a 60-digit q (80 digits), and a 25-digit p
\\ and a 75-digit q (100 digits), three each, random but fixed by the seed. Regenerate byte for byte:
\\   gp -q -f bench/factor/ecm-cases.gp < /dev/null > bench/factor/ecm-cases.txt
setrand(20261128);
print("# label N p q (written by bench/factor/ecm-cases.gp)");
{
forvec(v = [[1, 2], [1, 3]],
  [f, c] = [[20, 60], [25, 75]][v[1]];
  p = nextprime(10^(f - 1) + random(9 * 10^(f - 1)));
  q = nextprime(10^(c - 1) + random(9 * 10^(c - 1)));
  print("p", f, "c", f + c, "-", v[2], " ", p * q, " ", p, " ", q));
}
