import Checkbox from "@mui/material/Checkbox";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormGroup from "@mui/material/FormGroup";
import FormHelperText from "@mui/material/FormHelperText";
import Radio from "@mui/material/Radio";
import RadioGroup from "@mui/material/RadioGroup";
import Typography from "@mui/material/Typography";
import { MathAnswerField } from "./math-answer-field";
import { MAX_ANSWER_LENGTH } from "#core/quiz/answer-limits";
import type { PartView } from "#app/quiz/quiz-view";

/** What a typed answer of each kind looks like, under the field. */
const FORMAT_HELP: Record<Exclude<PartView["kind"], "choice">, string> = {
  integer: "A whole number, such as 42 or −7.",
  fraction: "A fraction such as 3/4, or a decimal such as 0.75.",
  decimal: "A decimal number such as 0.125, or a fraction.",
  expression: "An expression, such as 2(x + 1) or x^2 − 1.",
  congruence: "A congruence such as x ≡ 3 (mod 7), written x = 3 mod 7 if you like.",
};

interface AnswerFieldProps {
  part: PartView;
  /** The form field's name: `part-<index>`. */
  name: string;
  label: string;
  disabled: boolean;
  /** The answer given, once answered. */
  given?: string;
  /** The typed answer given, as HTML, once answered. */
  givenHtml?: string | null;
  /** Why this part cannot be checked as it is, from the server ("Give an answer to this part."). */
  error?: string;
  /** Make the maths field on first focus (pages with many fields). */
  loadOnFocus?: boolean;
}

/** The input for one part: options to choose from, or a field to type the answer in. */
export function AnswerField({ part, name, label, disabled, given, givenHtml, error, loadOnFocus }: AnswerFieldProps) {
  const errorId = `${name}-error`;
  if (part.kind === "choice") {
    const problem = error && (
      <FormHelperText id={errorId} error>
        {error}
      </FormHelperText>
    );
    const chosen = new Set((given ?? "").split(",").filter((value) => value !== ""));
    const options = (part.optionsHtml ?? []).map((html, index) => ({
      value: String(index),
      label: <span dangerouslySetInnerHTML={{ __html: html }} />,
    }));
    if (part.multiple) {
      return (
        <FormGroup aria-label={`${label} (choose every correct option)`} aria-describedby={error ? errorId : undefined}>
          {options.map((option) => (
            <FormControlLabel
              key={option.value}
              control={<Checkbox name={name} value={option.value} defaultChecked={chosen.has(option.value)} />}
              label={option.label}
              disabled={disabled}
            />
          ))}
          {problem}
        </FormGroup>
      );
    }
    return (
      <RadioGroup
        name={name}
        aria-label={`${label} (choose one option)`}
        aria-describedby={error ? errorId : undefined}
        defaultValue={given ?? ""}
      >
        {options.map((option) => (
          <FormControlLabel
            key={option.value}
            value={option.value}
            control={<Radio />}
            label={option.label}
            disabled={disabled}
          />
        ))}
        {problem}
      </RadioGroup>
    );
  }
  if (disabled && givenHtml) {
    return (
      <Typography component="div" sx={{ overflowWrap: "anywhere" }}>
        {label}: <span dangerouslySetInnerHTML={{ __html: givenHtml }} />
      </Typography>
    );
  }
  return (
    <MathAnswerField
      name={name}
      label={label}
      given={given}
      disabled={disabled}
      helperText={FORMAT_HELP[part.kind]}
      maxLength={MAX_ANSWER_LENGTH}
      error={error}
      loadOnFocus={loadOnFocus}
    />
  );
}
