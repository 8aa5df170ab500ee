import type { Sound } from "#core/plot/sonify";

/** The curve is played over this many seconds, left to right. */
export const SOUND_SECONDS = 3;

/**
 * Plays a sonified curve with one oscillator (Web Audio). Returns a function
 * that stops it early. Browsers allow audio only after a user gesture: call it
 * from a click.
 */
export function playSound(sound: Sound): () => void {
  const context = new AudioContext();
  const oscillator = context.createOscillator();
  const gain = context.createGain();
  const start = context.currentTime + 0.05;
  oscillator.type = "sine";
  oscillator.frequency.setValueCurveAtTime(sound.frequencies, start, SOUND_SECONDS);
  gain.gain.setValueCurveAtTime(sound.gains, start, SOUND_SECONDS);
  oscillator.connect(gain).connect(context.destination);
  oscillator.start(start);
  oscillator.stop(start + SOUND_SECONDS);
  oscillator.onended = () => void context.close();
  return () => {
    oscillator.onended = null;
    void context.close();
  };
}
