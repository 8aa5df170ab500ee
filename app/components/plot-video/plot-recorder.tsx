import FiberManualRecordIcon from "@mui/icons-material/FiberManualRecord";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useEffect, useRef, useState } from "react";
import { Plot } from "../math/plot/plot";
import { LabelledSlider } from "../sine-labs/labelled-slider";
import { useCurveColors } from "../sine-labs/use-curve-colors";
import { usePlotView } from "../sine-labs/use-plot-view";

const VIEW = { xMin: -4, xMax: 4, yMin: -2.5, yMax: 2.5 };
export const DURATIONS_S = [2, 5, 10] as const;
const FRAMES_PER_SECOND = 30;
/** WebM codecs in order of preference; the first the browser can record is used. */
const MIME_TYPES = ["video/webm;codecs=vp9", "video/webm;codecs=vp8", "video/webm"];

type Recording =
  | { status: "idle" }
  | { status: "recording"; endsAt: number }
  | { status: "done"; url: string; bytes: number; seconds: number }
  | { status: "failed"; message: string };

function recordableType(): string | null {
  if (typeof MediaRecorder === "undefined") return null;
  return MIME_TYPES.find((type) => MediaRecorder.isTypeSupported(type)) ?? null;
}

/**
 * An animated plot (a Lissajous figure whose phase turns) recorded from its
 * canvas to a WebM file with MediaRecorder, then offered to watch and download.
 */
export function PlotRecorder() {
  const canvas = useRef<HTMLCanvasElement | null>(null);
  const [duration, setDuration] = useState<number>(DURATIONS_S[1]);
  const [ratio, setRatio] = useState(3);
  const [phase, setPhase] = useState(0);
  const [recording, setRecording] = useState<Recording>({ status: "idle" });
  const { view, setView, reset } = usePlotView(VIEW);
  const [curveColor] = useCurveColors(1);
  const recorder = useRef<MediaRecorder | null>(null);

  // The phase turns only while recording, so every video starts from the same picture.
  const isRecording = recording.status === "recording";
  useEffect(() => {
    if (!isRecording) return;
    let frame = 0;
    let last = performance.now();
    const step = (now: number) => {
      setPhase((p) => p + (now - last) / 1000);
      last = now;
      frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [isRecording]);

  // The object URL of a finished video is released when it is replaced or the page goes.
  const doneUrl = recording.status === "done" ? recording.url : null;
  useEffect(() => () => (doneUrl ? URL.revokeObjectURL(doneUrl) : undefined), [doneUrl]);
  useEffect(() => () => recorder.current?.stop(), []);

  const start = () => {
    const element = canvas.current;
    const type = recordableType();
    if (!element || !type) {
      setRecording({
        status: "failed",
        message: "This browser cannot record a canvas to WebM (MediaRecorder is missing).",
      });
      return;
    }
    const chunks: Blob[] = [];
    const media = new MediaRecorder(element.captureStream(FRAMES_PER_SECOND), { mimeType: type });
    recorder.current = media;
    media.ondataavailable = (event) => event.data.size > 0 && chunks.push(event.data);
    media.onerror = () => setRecording({ status: "failed", message: "Recording stopped with an error." });
    media.onstop = () => {
      recorder.current = null;
      const blob = new Blob(chunks, { type: "video/webm" });
      if (blob.size === 0) {
        setRecording({ status: "failed", message: "The recording came out empty." });
        return;
      }
      setRecording({ status: "done", url: URL.createObjectURL(blob), bytes: blob.size, seconds: duration });
    };
    setPhase(0);
    media.start();
    setRecording({ status: "recording", endsAt: Date.now() + duration * 1000 });
    setTimeout(() => media.state !== "inactive" && media.stop(), duration * 1000);
  };

  return (
    <Stack spacing={3}>
      <Box
        sx={{ display: "grid", gap: 3, gridTemplateColumns: { xs: "1fr", md: "1fr 12rem auto" }, alignItems: "center" }}
      >
        <LabelledSlider label="Frequency ratio" value={ratio} min={1} max={6} step={1} onChange={setRatio} />
        <TextField
          select
          label="Length"
          value={duration}
          onChange={(event) => setDuration(Number(event.target.value))}
          disabled={isRecording}
        >
          {DURATIONS_S.map((seconds) => (
            <MenuItem key={seconds} value={seconds}>
              {seconds} seconds
            </MenuItem>
          ))}
        </TextField>
        <Button variant="contained" startIcon={<FiberManualRecordIcon />} onClick={start} disabled={isRecording}>
          {isRecording ? "Recording…" : "Record"}
        </Button>
      </Box>
      <Plot
        entries={[{ text: "(2sin(n t + p), 2sin(t))", visible: true, color: curveColor! }]}
        parameters={{ n: ratio, p: phase }}
        view={view}
        onViewChange={setView}
        onReset={reset}
        height="420px"
        showMarkers={false}
        canvasRef={canvas}
        label={`A Lissajous figure x = 2 sin(${ratio}t + p), y = 2 sin t, whose phase p turns while recording`}
      />
      <Box role="status">
        {recording.status === "failed" && <Alert severity="error">{recording.message}</Alert>}
        {recording.status === "done" && (
          <Stack spacing={1}>
            <Typography>
              Recorded {recording.seconds} seconds ({Math.round(recording.bytes / 1024)} KB of WebM video).
            </Typography>
            <Box component="video" src={recording.url} controls sx={{ maxWidth: "100%", borderRadius: 1 }} />
            <Button component="a" href={recording.url} download="plot.webm" variant="outlined" color="inherit">
              Download the video
            </Button>
          </Stack>
        )}
      </Box>
    </Stack>
  );
}
