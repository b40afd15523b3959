import { useEffect, useId, useRef, useState } from 'react';
import SignaturePadLib from 'signature_pad';
import { signatureCanvasSize, type SignatureValue } from '@contract/signature';
import { useElementWidth } from '../../lib/use-element-width';
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
 * A signature field (issue 15 item 2; reused by issue 16): a canvas drawn with `signature_pad` in the spec's sizes
 * (664 × 371 px above a 1023 px wide window, 60 % from 768 to 1023, 80 % below 768; never wider than its container),
 * or, as the keyboard alternative for members who cannot draw, the full name typed as the signature. The value is
 * `{ kind: 'DRAWN', png }` (a PNG data URL) or `{ kind: 'TYPED', name }`; null while empty.
 */
export function SignaturePad({ legend, texts, value, onChange, error }: SignaturePadProps) {
  const id = useId();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePadLib | null>(null);
  const [mode, setMode] = useState<'DRAWN' | 'TYPED'>(value?.kind ?? 'DRAWN');
  const containerRef = useRef<HTMLDivElement>(null);
  const viewport = typeof window === 'undefined' ? 1280 : window.innerWidth;
  const wanted = signatureCanvasSize(viewport);
  const containerWidth = useElementWidth(containerRef, wanted.width);
  // The canvas has a 2 px border outside its drawing surface (claim.css), so it needs 4 px more than `width`.
  const width = Math.min(wanted.width, Math.floor(containerWidth) - 4);
  const height = Math.round((width * wanted.height) / wanted.width);
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
    const onEnd = () => onChangeRef.current(pad.isEmpty() ? null : { kind: 'DRAWN', png: pad.toDataURL('image/png') });
    pad.addEventListener('endStroke', onEnd);
    onChangeRef.current(null);
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
                  onChange(null);
                }}
              >
                {texts.clear}
              </button>
              <button type="button" className="button" onClick={() => setMode('TYPED')}>
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
