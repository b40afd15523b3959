/** Spinner overlay while a call runs (spec 000 section 2: "a spinner overlay shows while any call is pending"). */
export function BusyOverlay({ label }: { label: string }) {
  return (
    <div className="busy-overlay" role="status">
      <div className="busy-overlay__box">
        <span className="spinner" aria-hidden="true" />
        <span>{label}</span>
      </div>
    </div>
  );
}
