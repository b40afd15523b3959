import { useEffect, useId, useRef, useState } from 'react';
import SignaturePadLib, { type PointGroup } from 'signature_pad';
import { signatureCanvasSize, type SignatureValue } from '@contract/signature';
import { useElementWidth } from '../../lib/use-element-width';
import { useWindowWidth } from '../../lib/use-window-width';
import './signature-pad.css';

interface SignaturePadProps {
  legend: string;
  /** Texts of the pad (from the caller's catalogue). */
  texts: { canvasLabel: string; clear: string; typeInstead: string; drawInstead: string; typedLabel: string; typedHint: string };
  value: SignatureValue | null;
  onChange: (value: SignatureValue | null) => void;
  /** The message of a failed check (already translated), e.g. "Bitte zuerst unterschreiben.". */
  error?: string;
}

/**
 * A signature field (decision 0015; reused by the own contributions, decision 0016): a canvas drawn with `signature_pad` in the spec's sizes
 * (664 × 371 px above a 1023 px wide window, 60 % from 768 to 1023, 80 % below 768, following the window's width;
 * never wider than its container), or, as the keyboard alternative for members who cannot draw, the full name typed
 * as the signature. The value is `{ kind: 'DRAWN', png }` (a PNG data URL) or `{ kind: 'TYPED', name }`; null while
 * empty.
 *
 * A resize (a phone turned, a window made narrower, a browser's full-page screenshot, which briefly resizes the
 * window) gives the canvas a new size, which erases what it shows; the strokes are kept and drawn again, scaled to the
 * new width, and the value stays the one taken at the last stroke.
 */
export function SignaturePad({ legend, texts, value, onChange, error }: SignaturePadProps) {
  const id = useId();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePadLib | null>(null);
  const [mode, setMode] = useState<'DRAWN' | 'TYPED'>(value?.kind ?? 'DRAWN');
  const containerRef = useRef<HTMLDivElement>(null);
  const viewport = useWindowWidth();
  const wanted = signatureCanvasSize(viewport);
  const containerWidth = useElementWidth(containerRef, wanted.width);
  // The canvas has a 2 px border outside its drawing surface (claim.css), so it needs 4 px more than `width`.
  // At least 1 px: a window briefly resized to almost nothing must not give the canvas a negative size.
  const width = Math.max(1, Math.min(wanted.width, Math.floor(containerWidth) - 4));
  const height = Math.round((width * wanted.height) / wanted.width);
  // The strokes drawn so far and the canvas width (CSS px) they were drawn at; null when the pad is empty.
  const strokesRef = useRef<{ groups: PointGroup[]; width: number } | null>(null);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (mode !== 'DRAWN' || !canvas) return;
    const ratio = Math.max(window.devicePixelRatio || 1, 1);
    canvas.width = width * ratio;
    canvas.height = height * ratio;
    canvas.getContext('2d')?.scale(ratio, ratio);
    const pad = new SignaturePadLib(canvas, { backgroundColor: 'rgb(255,255,255)' });
    padRef.current = pad;
    const kept = strokesRef.current;
    if (kept) pad.fromData(scaleStrokes(kept.groups, width / kept.width));
    else onChangeRef.current(null);
    const onEnd = () => {
      const empty = pad.isEmpty();
      strokesRef.current = empty ? null : { groups: pad.toData(), width };
      onChangeRef.current(empty ? null : { kind: 'DRAWN', png: pad.toDataURL('image/png') });
    };
    pad.addEventListener('endStroke', onEnd);
    return () => {
      pad.removeEventListener('endStroke', onEnd);
      pad.off();
      padRef.current = null;
    };
  }, [mode, width, height]);

  const errorId = `${id}-error`;
  return (
    <fieldset className={error ? 'signature-pad field--invalid' : 'signature-pad'} aria-describedby={error ? errorId : undefined}>
      <legend className="field__label">{legend}</legend>
      <div ref={containerRef} className="signature-pad__area">
        {mode === 'DRAWN' ? (
          <>
            <canvas ref={canvasRef} className="signature-pad__canvas" style={{ width, height }} role="img" aria-label={texts.canvasLabel} />
            <div className="signature-pad__actions">
              <button
                type="button"
                className="button"
                onClick={() => {
                  padRef.current?.clear();
                  strokesRef.current = null;
                  onChange(null);
                }}
              >
                {texts.clear}
              </button>
              <button
                type="button"
                className="button"
                onClick={() => {
                  // What is sent is what shows: the drawing is dropped with the canvas, as the typed name is below.
                  strokesRef.current = null;
                  onChange(null);
                  setMode('TYPED');
                }}
              >
                {texts.typeInstead}
              </button>
            </div>
          </>
        ) : (
          <>
            <label htmlFor={`${id}-typed`} className="field__label">
              {texts.typedLabel}
            </label>
            <p id={`${id}-hint`} className="field__hint">
              {texts.typedHint}
            </p>
            <input
              id={`${id}-typed`}
              className="field__input signature-pad__typed"
              autoComplete="name"
              maxLength={100}
              aria-describedby={`${id}-hint`}
              aria-invalid={Boolean(error)}
              value={value?.kind === 'TYPED' ? value.name : ''}
              onChange={(event) => onChange(event.target.value.trim() === '' ? null : { kind: 'TYPED', name: event.target.value })}
            />
            <div className="signature-pad__actions">
              <button
                type="button"
                className="button"
                onClick={() => {
                  onChange(null);
                  setMode('DRAWN');
                }}
              >
                {texts.drawInstead}
              </button>
            </div>
          </>
        )}
      </div>
      {error ? (
        <p id={errorId} className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** The strokes with every point's x and y multiplied by `factor` (the canvas keeps its aspect ratio). */
function scaleStrokes(groups: PointGroup[], factor: number): PointGroup[] {
  if (factor === 1) return groups;
  return groups.map((group) => ({ ...group, points: group.points.map((point) => ({ ...point, x: point.x * factor, y: point.y * factor })) }));
}
