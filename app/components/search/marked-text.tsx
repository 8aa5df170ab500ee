import Box from "@mui/material/Box";
import { markedPieces } from "#app/utils/search-marks";

/** A search's title or snippet with the words that matched in <mark>. */
export function MarkedText({ text }: { text: string }) {
  return (
    <>
      {markedPieces(text).map((piece, index) =>
        piece.matched ? (
          <Box
            component="mark"
            key={index}
            sx={(theme) => ({
              bgcolor: "#fff3b0",
              color: "inherit",
              borderRadius: 0.5,
              ...theme.applyStyles("dark", { bgcolor: "rgba(255, 214, 0, 0.28)" }),
            })}
          >
            {piece.text}
          </Box>
        ) : (
          piece.text
        ),
      )}
    </>
  );
}
