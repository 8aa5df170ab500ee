import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useRef, useState, type ChangeEvent, type ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { TEST_CARDS } from "#app/billing/test-cards";

interface CardFormProps {
  /** The action's intent for this form. */
  intent: string;
  submitLabel: string;
  /** Problems of the last submission, by field name (`form` for the whole form). */
  errors: Partial<Record<string, string>>;
  /** What was typed, kept after an error (never the CVC). */
  values: Partial<Record<string, string>>;
  /** Hidden fields the action needs besides the card. */
  children?: ReactNode;
}

/**
 * A card form for the test provider: name, number, expiry and CVC, and the test cards to choose from
 * (each fills the form). Browsers are asked not to fill in saved cards: a real card has no place here.
 */
export function CardForm({ intent, submitLabel, errors, values, children }: CardFormProps) {
  const busy = useNavigation().state === "submitting";
  const numberInput = useRef<HTMLInputElement>(null);
  // Controlled, so that a test card chosen from the list shows in the fields (and their labels move aside).
  const [card, setCard] = useState({
    cardNumber: values.cardNumber ?? "",
    cardExpiry: values.cardExpiry ?? "",
    cardCvc: "",
  });
  const typed = (name: keyof typeof card) => ({
    value: card[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => setCard({ ...card, [name]: event.target.value }),
  });
  const fillCard = (cardNumber: string) => {
    setCard({ cardNumber, cardExpiry: card.cardExpiry || "12/34", cardCvc: card.cardCvc || "123" });
    numberInput.current?.focus();
  };
  const field = (name: string) => ({
    name,
    error: Boolean(errors[name]),
    helperText: errors[name],
    autoComplete: "off",
    required: true,
  });
  return (
    <Form method="post" noValidate>
      <input type="hidden" name="intent" value={intent} />
      {children}
      <Stack spacing={2.5}>
        {errors.form && (
          <Alert severity="error" role="alert">
            {errors.form}
          </Alert>
        )}
        <TextField label="Name on the card" defaultValue={values.cardName} {...field("cardName")} />
        <TextField
          label="Card number"
          {...typed("cardNumber")}
          inputRef={numberInput}
          placeholder="4242 4242 4242 4242"
          {...field("cardNumber")}
          slotProps={{ htmlInput: { inputMode: "numeric", maxLength: 23 } }}
        />
        {/* Side by side from a tablet up; on a phone the expiry label would not fit half the width. */}
        <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
          <TextField
            label="Expiry (MM/YY)"
            {...typed("cardExpiry")}
            placeholder="12/34"
            {...field("cardExpiry")}
            slotProps={{ htmlInput: { inputMode: "numeric", maxLength: 7 } }}
            sx={{ flex: 1 }}
          />
          <TextField
            label="CVC"
            {...typed("cardCvc")}
            placeholder="123"
            {...field("cardCvc")}
            slotProps={{ htmlInput: { inputMode: "numeric", maxLength: 4 } }}
            sx={{ flex: 1 }}
          />
        </Stack>
        <Button type="submit" variant="contained" size="large" disabled={busy}>
          {submitLabel}
        </Button>
      </Stack>
      <Box component="section" aria-labelledby="test-cards-title" sx={{ mt: 4 }}>
        <Typography variant="h6" component="h2" id="test-cards-title" gutterBottom>
          Test cards
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 1.5 }}>
          Any future expiry date and any three-digit CVC will do.
        </Typography>
        <Stack component="ul" spacing={1.5} sx={{ listStyle: "none", p: 0, m: 0 }}>
          {TEST_CARDS.map((card) => (
            <Stack
              component="li"
              key={card.number}
              direction={{ xs: "column", sm: "row" }}
              spacing={{ xs: 0.5, sm: 2 }}
              sx={{ alignItems: { sm: "center" } }}
            >
              <Box sx={{ flex: 1 }}>
                <Typography sx={{ fontFamily: "monospace", fontSize: "1.05rem" }}>{card.number}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {card.description}
                </Typography>
              </Box>
              <Button
                type="button"
                variant="outlined"
                size="small"
                onClick={() => fillCard(card.number)}
                aria-label={`Use the test card ${card.number}`}
                sx={{ alignSelf: { xs: "flex-start", sm: "center" } }}
              >
                Use this card
              </Button>
            </Stack>
          ))}
        </Stack>
      </Box>
    </Form>
  );
}
