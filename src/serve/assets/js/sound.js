// Sounds made with WebAudio, no files: a short tap for an action, a chord for the end; off unless the player switches them on.

/** @type {?AudioContext} */
let context = null;

/** Plays the sound of `kind` ('move' or 'end') when the page's sound is on. */
export function chime(s, kind) {
  if (!s.sound || typeof AudioContext === 'undefined') { return; }
  try {
    context = context || new AudioContext();
    const now = context.currentTime;
    const notes = kind === 'end' ? [523.25, 659.25, 783.99] : [880];
    notes.forEach((f, i) => {
      const osc = context.createOscillator(), gain = context.createGain();
      osc.type = kind === 'end' ? 'triangle' : 'sine';
      osc.frequency.value = f;
      const at = now + i * 0.09, long = kind === 'end' ? 0.6 : 0.08;
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.2, at + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + long);
      osc.connect(gain).connect(context.destination);
      osc.start(at);
      osc.stop(at + long + 0.02);
    });
  } catch (_) { /* no sound */ }
}
